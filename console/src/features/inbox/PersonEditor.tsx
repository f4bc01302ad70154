import { Anchor, Button, Group } from "@mantine/core";
import { IconAddressBook, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/I18nProvider";
import { ContactFieldsForm } from "../contacts/ContactFieldsForm";
import type { Person } from "./types";

/**
 * The person panel's contact part (docs/contacts.md): edit the name, email, phone and notes in
 * place, or open the contact's own page.
 */
export function PersonEditor({ person }: { person: Person }) {
  const t = useT("contacts");
  const [editing, setEditing] = useState(false);
  const fields = {
    id: person.id,
    name: person.name,
    email: person.email ?? null,
    phone: person.phone ?? null,
    notes: person.notes ?? null,
  };
  return editing ? (
    <ContactFieldsForm
      key={person.id}
      contact={fields}
      compact
      onSaved={() => setEditing(false)}
      onCancel={() => setEditing(false)}
    />
  ) : (
    <Group gap="xs" justify="space-between">
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPencil size={12} />}
        onClick={() => setEditing(true)}
        data-testid="person-edit"
      >
        {t("person.edit")}
      </Button>
      <Anchor component={Link} to={`/contacts/${encodeURIComponent(person.id)}`} size="xs">
        <Group gap={4}>
          <IconAddressBook size={12} />
          {t("person.open")}
        </Group>
      </Anchor>
    </Group>
  );
}

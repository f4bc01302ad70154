import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { Contact } from "./api";
import { ChannelBadges } from "./ChannelBadges";

/** Contacts as rows: who, how to reach them, where they write from, when they last wrote. */
export function ContactsTable({ contacts }: { contacts: Contact[] }) {
  const t = useT("contacts");
  const formatters = useFormatters();
  return (
    <Table verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("fields.name")}</Table.Th>
          <Table.Th visibleFrom="xs">{t("fields.email")}</Table.Th>
          <Table.Th visibleFrom="sm">{t("fields.phone")}</Table.Th>
          <Table.Th visibleFrom="md">{t("fields.channels")}</Table.Th>
          <Table.Th visibleFrom="sm">{t("fields.threads")}</Table.Th>
          <Table.Th visibleFrom="md">{t("fields.lastSeen")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((contact) => (
          <Table.Tr key={contact.id} data-testid="contact-row">
            <Table.Td>
              <Anchor component={Link} to={`/contacts/${encodeURIComponent(contact.id)}`} fw={500}>
                {contact.name ?? t("unnamed")}
              </Anchor>
            </Table.Td>
            <Table.Td visibleFrom="xs">{contact.email ?? "—"}</Table.Td>
            <Table.Td visibleFrom="sm">{contact.phone ?? "—"}</Table.Td>
            <Table.Td visibleFrom="md">
              <Group gap={4}>
                <ChannelBadges contact={contact} />
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Badge variant="light" color="gray">
                {contact.thread_count}
              </Badge>
            </Table.Td>
            <Table.Td visibleFrom="md">
              <Text size="sm" c="dimmed">
                {contact.last_seen_at ? formatters.dateTime(contact.last_seen_at) : "—"}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

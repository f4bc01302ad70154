import { ActionIcon, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import { type Contact, contactKeys, updateContact } from "./api";
import { type AttributeRow, attributeRowsOf, attributesPatch } from "./contact-form";

/** A contact's custom attributes as key/value rows: add, change, remove, then save the difference. */
export function AttributesEditor({ contact }: { contact: Pick<Contact, "id" | "attributes"> }) {
  const t = useT("contacts");
  const tc = useT("common");
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<AttributeRow[]>(() => attributeRowsOf(contact.attributes));
  const patch = attributesPatch(contact.attributes, rows);
  const mutation = useMutation({
    mutationFn: () => updateContact(contact.id, { attributes: patch }),
    onSuccess: async (saved) => {
      notifications.show({ color: "green", message: t("saved") });
      setRows(attributeRowsOf(saved.attributes));
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
  const change = (index: number, part: keyof AttributeRow, text: string) =>
    setRows((prev) => prev.map((row, i) => (i === index ? { ...row, [part]: text } : row)));

  return (
    <Stack gap="xs" data-testid="contact-attributes">
      <Text size="sm" c="dimmed">
        {t("attributes.hint")}
      </Text>
      {mutation.isError && <FormErrorAlert error={mutation.error} />}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("attributes.empty")}
        </Text>
      )}
      {rows.map((row, index) => (
        // Rows have no id of their own; their position is stable while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            size="sm"
            aria-label={t("attributes.key")}
            placeholder={t("attributes.key")}
            value={row.key}
            onChange={(e) => change(index, "key", e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <TextInput
            size="sm"
            aria-label={t("attributes.value")}
            placeholder={t("attributes.value")}
            value={row.value}
            onChange={(e) => change(index, "value", e.currentTarget.value)}
            style={{ flex: 2 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t("attributes.remove", { key: row.key })}
            onClick={() => setRows((prev) => prev.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => setRows((prev) => [...prev, { key: "", value: "" }])}
        >
          {t("attributes.add")}
        </Button>
        <Button
          size="xs"
          loading={mutation.isPending}
          disabled={Object.keys(patch).length === 0}
          onClick={() => mutation.mutate()}
        >
          {tc("actions.save")}
        </Button>
      </Group>
    </Stack>
  );
}

import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";
import type { MessageRow } from "./business-hours-form";

interface Props {
  messages: MessageRow[];
  errors: Record<string, string>;
  onChange(messages: MessageRow[]): void;
}

/** The out-of-hours message: `default`, then one text per language. */
export function MessagesEditor({ messages, errors, onChange }: Props) {
  const t = useT("businessHours");
  const edit = (index: number, change: Partial<MessageRow>) =>
    onChange(messages.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs" data-testid="business-hours-messages">
      <Text size="sm" c="dimmed">
        {t("messages.hint")}
      </Text>
      {messages.map((row, index) => {
        const isDefault = row.language === "default";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, languages included
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              w={110}
              aria-label={t("messages.language")}
              value={isDefault ? t("messages.default") : row.language}
              disabled={isDefault}
              placeholder="ru"
              onChange={(event) => edit(index, { language: event.currentTarget.value })}
            />
            <Textarea
              style={{ flex: 1 }}
              autosize
              minRows={2}
              aria-label={t("messages.text", { language: row.language })}
              value={row.text}
              error={errors[`out_of_hours_message.${row.language}`]}
              onChange={(event) => edit(index, { text: event.currentTarget.value })}
            />
            {!isDefault && (
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={4}
                aria-label={t("messages.remove")}
                onClick={() => onChange(messages.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {errors.out_of_hours_message && (
        <Text size="xs" c="red">
          {errors.out_of_hours_message}
        </Text>
      )}
      <div>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...messages, { language: "", text: "" }])}
        >
          {t("messages.add")}
        </Button>
      </div>
    </Stack>
  );
}

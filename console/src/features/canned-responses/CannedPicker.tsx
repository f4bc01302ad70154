import { Code, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { CannedPickerState } from "./useCannedPicker";

/**
 * The `/code` picker, laid over what is above the composer (its parent is positioned): the
 * matching canned responses, the highlighted one marked; a click picks (mousedown keeps the
 * textarea's focus and caret).
 */
export function CannedPicker(props: { picker: CannedPickerState }) {
  const t = useT("canned");
  const { picker } = props;
  return picker.open ? (
    <Paper
      withBorder
      shadow="md"
      p={4}
      style={{ position: "absolute", bottom: "100%", left: 0, right: 0, marginBottom: 4, zIndex: 20 }}
      data-testid="canned-picker"
    >
      <Stack gap={2} id={picker.listId} role="listbox" aria-label={t("picker.label")}>
        {picker.items.map((item, at) => (
          <UnstyledButton
            key={item.id}
            id={picker.optionId(at)}
            role="option"
            aria-selected={at === picker.index}
            tabIndex={-1}
            px="xs"
            py={4}
            style={{
              borderRadius: 4,
              background: at === picker.index ? "var(--mantine-color-blue-light)" : undefined,
            }}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => picker.highlight(at)}
            onClick={() => picker.pick(at)}
            data-testid="canned-option"
          >
            <Group gap="xs" wrap="nowrap">
              <Code>/{item.short_code}</Code>
              <Text size="sm" truncate="end" c={item.title ? undefined : "dimmed"}>
                {item.title ?? item.content}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
        {picker.items.length === 0 ? (
          <Text size="sm" c="dimmed" px="xs" py={4}>
            {picker.loading ? t("picker.loading") : t("picker.none", { q: picker.query })}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" px="xs">
            {t("picker.hint")}
          </Text>
        )}
      </Stack>
    </Paper>
  ) : null;
}

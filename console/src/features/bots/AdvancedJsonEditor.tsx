import { JsonInput, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";

/**
 * The whole settings document as JSON, for anything the form has no control for (fields the
 * API adds later included). Saving diffs it against the saved document like the form does.
 */
export function AdvancedJsonEditor(props: {
  value: string;
  onChange(value: string): void;
  error?: string | null;
}) {
  const t = useT("bots");
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t("editor.json.hint")}
      </Text>
      <JsonInput
        label={t("editor.json.label")}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        autosize
        minRows={12}
        maxRows={40}
        formatOnBlur
        validationError={t("editor.json.syntax")}
        spellCheck={false}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
      />
    </>
  );
}

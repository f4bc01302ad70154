import { Fieldset, Stack, Switch } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";

/** ai.formatting: applied to everything the AI writes, stored and streamed alike. */
export function FormattingSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  return (
    <Fieldset legend={t("editor.formatting.legend")}>
      <Stack gap="sm">
        <Switch
          label={t("fields.removeEmojis")}
          description={t("editor.formatting.removeEmojisHint")}
          {...form.getInputProps("settings.ai.formatting.removeEmojis", { type: "checkbox" })}
        />
        <Switch
          label={t("fields.removeMarkdown")}
          description={t("editor.formatting.removeMarkdownHint")}
          {...form.getInputProps("settings.ai.formatting.removeMarkdown", { type: "checkbox" })}
        />
      </Stack>
    </Fieldset>
  );
}

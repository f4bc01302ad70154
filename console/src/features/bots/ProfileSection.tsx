import { Fieldset, Stack, Textarea, TextInput } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";

/** Name and description: saved with POST /v1/bots/:id, not with the settings. */
export function ProfileSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  return (
    <Fieldset legend={t("editor.profile.legend")}>
      <Stack gap="sm">
        <TextInput
          label={t("fields.name")}
          required
          maxLength={200}
          {...form.getInputProps("profile.name")}
        />
        <Textarea
          label={t("fields.description")}
          description={t("editor.profile.descriptionHint")}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={2000}
          {...form.getInputProps("profile.description")}
        />
      </Stack>
    </Fieldset>
  );
}

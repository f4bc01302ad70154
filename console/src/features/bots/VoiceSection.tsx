import { Fieldset, TextInput } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";

/** ai.voice: the speech-to-text model that hears voice messages (docs/channels.md, "Voice"); empty is off. */
export function VoiceSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  return (
    <Fieldset legend={t("editor.voice.legend")}>
      <TextInput
        label={t("fields.transcriptionModel")}
        description={t("editor.voice.hint")}
        placeholder={t("editor.voice.off")}
        value={form.values.settings.ai.voice?.transcriptionModel ?? ""}
        onChange={(event) =>
          form.setFieldValue("settings.ai.voice", {
            transcriptionModel: event.currentTarget.value.trim() || null,
          })
        }
        error={form.errors["settings.ai.voice.transcriptionModel"]}
      />
    </Fieldset>
  );
}

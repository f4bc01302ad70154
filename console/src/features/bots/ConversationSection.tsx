import { Fieldset } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";
import { NullableNumberInput } from "./NullableNumberInput";

/** ai.conversation: auto-resolve after inactivity (docs/conversations.md, "Status"); empty is off. */
export function ConversationSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  return (
    <Fieldset legend={t("editor.conversation.legend")}>
      <NullableNumberInput
        label={t("fields.autoResolveMinutes")}
        description={t("editor.conversation.autoResolveHint")}
        placeholder={t("editor.conversation.off")}
        value={form.values.settings.ai.conversation?.autoResolveMinutes}
        onChange={(value) => form.setFieldValue("settings.ai.conversation", { autoResolveMinutes: value })}
        error={form.errors["settings.ai.conversation.autoResolveMinutes"]}
        bounds={{ min: 10, max: 43_200, step: 10, integer: true }}
      />
    </Fieldset>
  );
}

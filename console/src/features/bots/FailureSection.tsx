import { Fieldset, Switch } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";

/** ai.failure: what happens when the AI gives up on a reply (docs/agent.md, "When the AI cannot answer"). */
export function FailureSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  return (
    <Fieldset legend={t("editor.failure.legend")}>
      <Switch
        label={t("fields.handoff")}
        description={t("editor.failure.handoffHint")}
        data-testid="failure-handoff"
        checked={form.values.settings.ai.failure?.handoff ?? false}
        onChange={(event) =>
          form.setFieldValue("settings.ai.failure", { handoff: event.currentTarget.checked })
        }
      />
    </Fieldset>
  );
}

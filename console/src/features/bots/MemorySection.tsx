import { Fieldset, Stack, Switch } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";
import { NullableNumberInput } from "./NullableNumberInput";
import { NUMBER_BOUNDS } from "./settings-form";

/** ai.memory (docs/agent.md: recent history, semantic recall, working memory, titles). */
export function MemorySection({ form }: { form: BotForm }) {
  const t = useT("bots");
  const memory = form.values.settings.ai.memory;
  const bounds = NUMBER_BOUNDS["ai.memory.lastMessages"];
  return (
    <Fieldset legend={t("editor.memory.legend")}>
      <Stack gap="sm">
        <NullableNumberInput
          label={t("fields.lastMessages")}
          description={t("editor.memory.lastMessagesHint", { min: bounds.min, max: bounds.max })}
          value={memory.lastMessages}
          onChange={(value) => form.setFieldValue("settings.ai.memory.lastMessages", value as number)}
          error={form.errors["settings.ai.memory.lastMessages"]}
          bounds={bounds}
        />
        <Switch
          label={t("fields.semanticRecall")}
          description={t("editor.memory.semanticRecallHint")}
          {...form.getInputProps("settings.ai.memory.semanticRecall", { type: "checkbox" })}
        />
        <Switch
          label={t("fields.workingMemory")}
          description={t("editor.memory.workingMemoryHint")}
          {...form.getInputProps("settings.ai.memory.workingMemory.enabled", { type: "checkbox" })}
        />
        <Switch
          label={t("fields.generateTitle")}
          description={t("editor.memory.generateTitleHint")}
          {...form.getInputProps("settings.ai.memory.generateTitle", { type: "checkbox" })}
        />
      </Stack>
    </Fieldset>
  );
}

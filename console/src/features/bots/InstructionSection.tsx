import { Fieldset, Textarea } from "@mantine/core";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";
import { INSTRUCTION_MAX_LENGTH } from "./settings-form";

export function InstructionSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  const { number } = useFormatters();
  const instruction = form.values.settings.ai.instruction ?? "";
  return (
    <Fieldset legend={t("fields.instruction")}>
      <Textarea
        aria-label={t("fields.instruction")}
        description={t("editor.instruction.hint", {
          count: number(instruction.length),
          max: number(INSTRUCTION_MAX_LENGTH),
        })}
        autosize
        minRows={4}
        maxRows={16}
        {...form.getInputProps("settings.ai.instruction")}
      />
    </Fieldset>
  );
}

import { Fieldset, SimpleGrid, Stack } from "@mantine/core";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";
import type { CatalogModel } from "./bots-api";
import { ModelSelect } from "./ModelSelect";
import { NullableNumberInput } from "./NullableNumberInput";
import { MODEL_PARAMETERS, NUMBER_BOUNDS } from "./settings-form";

/** The model and its parameters; an empty parameter means the provider's default (null). */
export function ModelSection({ form, models }: { form: BotForm; models: readonly CatalogModel[] }) {
  const t = useT("bots");
  const { number } = useFormatters();
  const model = form.values.settings.ai.model;
  return (
    <Fieldset legend={t("editor.model.legend")}>
      <Stack gap="sm">
        <ModelSelect
          models={models}
          value={model.id ?? null}
          onChange={(id) => form.setFieldValue("settings.ai.model.id", id)}
          error={form.errors["settings.ai.model.id"]}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {MODEL_PARAMETERS.map((parameter) => {
            const path = `ai.model.${parameter}` as const;
            const bounds = NUMBER_BOUNDS[path];
            return (
              <NullableNumberInput
                key={parameter}
                label={t(`fields.${parameter}`)}
                description={t("editor.model.range", { min: number(bounds.min), max: number(bounds.max) })}
                placeholder={t("editor.model.providerDefault")}
                value={model[parameter]}
                onChange={(value) => form.setFieldValue(`settings.ai.model.${parameter}`, value)}
                error={form.errors[`settings.${path}`]}
                bounds={bounds}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

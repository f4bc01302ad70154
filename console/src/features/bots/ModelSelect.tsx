import { Select, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useT } from "../../i18n/I18nProvider";
import type { CatalogModel } from "./bots-api";
import { modelAvailability, modelSelectData } from "./model-catalog";

/**
 * The model picker: catalog models grouped by provider. Models of providers without
 * credentials stay selectable (model-catalog.ts explains why); picking one shows a warning.
 */
export function ModelSelect(props: {
  models: readonly CatalogModel[];
  value: string | null;
  onChange(value: string): void;
  error?: ReactNode;
  label?: string;
  required?: boolean;
  /** May be emptied (then `onClear`), e.g. "the version's own model"; `placeholder` says what empty means. */
  onClear?(): void;
  placeholder?: string;
  "data-testid"?: string;
}) {
  const t = useT("bots");
  const data = modelSelectData(
    props.models,
    {
      unconfigured: (provider) => t("models.providerUnconfigured", { provider }),
      notInCatalog: t("models.notInCatalog"),
    },
    props.value,
  );
  const availability = modelAvailability(props.models, props.value);
  return (
    <Select
      label={props.label ?? t("fields.model")}
      required={props.required}
      data={data}
      value={props.value}
      onChange={(value) => (value ? props.onChange(value) : props.onClear?.())}
      allowDeselect={false}
      clearable={props.onClear !== undefined}
      placeholder={props.placeholder}
      data-testid={props["data-testid"]}
      searchable
      nothingFoundMessage={t("models.nothingFound")}
      error={props.error}
      description={
        availability === "unconfigured" ? (
          <Text span size="xs" c="orange.8">
            {t("models.unconfiguredWarning")}
          </Text>
        ) : availability === "unknown" && props.value ? (
          <Text span size="xs" c="orange.8">
            {t("models.notInCatalogWarning")}
          </Text>
        ) : undefined
      }
      inputWrapperOrder={["label", "input", "description", "error"]}
    />
  );
}

import { MultiSelect, SegmentedControl, Stack } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { useLabels } from "./useLabels";

/** The inbox's label filter: label names, and whether a thread needs all of them or any. */
export function LabelFilter(props: {
  labels: string[];
  match: "all" | "any";
  onChange(labels: string[], match: "all" | "any"): void;
}) {
  const t = useT("labels");
  const { query } = useLabels();
  const data = [...new Set([...(query.data ?? []).map((label) => label.name), ...props.labels])];
  return (
    <Stack gap={4}>
      <MultiSelect
        label={t("filter.label")}
        placeholder={props.labels.length === 0 ? t("filter.any") : undefined}
        data={data}
        value={props.labels}
        onChange={(labels) => props.onChange(labels, props.match)}
        searchable
        clearable
        nothingFoundMessage={t("picker.nothingFound")}
        comboboxProps={{ withinPortal: false }}
        data-testid="label-filter"
      />
      {props.labels.length > 1 ? (
        <SegmentedControl
          size="xs"
          value={props.match}
          onChange={(match) => props.onChange(props.labels, match === "any" ? "any" : "all")}
          data={[
            { value: "all", label: t("filter.all") },
            { value: "any", label: t("filter.anyOf") },
          ]}
        />
      ) : null}
    </Stack>
  );
}

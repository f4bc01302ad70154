import {
  ActionIcon,
  Autocomplete,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";
import { EXPECTATION_TYPES, type ExpectationType } from "./api";
import type { ExpectationRow } from "./case-form";

/**
 * One expectation of a case: its type, then the fields that type has (docs/quality.md,
 * "Versions and evaluations in the console"). `error(field)` is the message for a field of it.
 */
export function ExpectationFields(props: {
  row: ExpectationRow;
  index: number;
  tools: readonly { name: string; title: string }[];
  onChange(row: ExpectationRow): void;
  onRemove(): void;
  error(field: string): string | undefined;
}) {
  const t = useT("evals");
  const { row } = props;
  const set = (patch: Partial<ExpectationRow>) => props.onChange({ ...row, ...patch });
  const toolOptions = props.tools.map((tool) => ({ value: tool.name, label: tool.name }));
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="expectation-row" data-type={row.type}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Select
            style={{ flex: 1, minWidth: 0 }}
            label={t("form.expectationType", { n: props.index + 1 })}
            data={EXPECTATION_TYPES.map((type) => ({ value: type, label: t(`expectation.${type}`) }))}
            value={row.type}
            allowDeselect={false}
            onChange={(value) => value && set({ type: value as ExpectationType })}
            data-testid="expectation-type"
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t("form.removeExpectation", { n: props.index + 1 })}
            onClick={props.onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {row.type === "contains" || row.type === "not_contains" ? (
          <>
            <TextInput
              label={t("form.value")}
              description={t(`form.hint.${row.type}`)}
              value={row.value}
              onChange={(event) => set({ value: event.currentTarget.value })}
              error={props.error("value")}
              data-testid="expectation-value"
            />
            <Checkbox
              label={t("form.caseSensitive")}
              checked={row.caseSensitive}
              onChange={(event) => set({ caseSensitive: event.currentTarget.checked })}
            />
          </>
        ) : null}
        {row.type === "tool_called" || row.type === "tool_not_called" ? (
          <>
            <Autocomplete
              label={t("form.tool")}
              description={t(`form.hint.${row.type}`)}
              data={toolOptions}
              value={row.tool}
              onChange={(value) => set({ tool: value })}
              error={props.error("tool")}
              data-testid="expectation-tool"
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea
              label={t("form.arguments")}
              description={t("form.argumentsHint")}
              placeholder='{"time_zone": "Europe/Berlin"}'
              autosize
              minRows={2}
              maxRows={8}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
              value={row.arguments}
              onChange={(event) => set({ arguments: event.currentTarget.value })}
              error={props.error("arguments")}
            />
          </>
        ) : null}
        {row.type === "hands_off" ? (
          <Switch
            label={t("form.handsOff")}
            description={t("form.hint.hands_off")}
            checked={row.expected}
            onChange={(event) => set({ expected: event.currentTarget.checked })}
          />
        ) : null}
        {row.type === "max_tokens" ? (
          <NumberInput
            label={t("form.maxTokens")}
            description={t("form.hint.max_tokens")}
            min={1}
            step={1}
            allowDecimal={false}
            value={row.maxTokens}
            onChange={(value) => set({ maxTokens: typeof value === "number" ? value : "" })}
            error={props.error("value")}
          />
        ) : null}
        {row.type === "rubric" ? (
          <Textarea
            label={t("form.criteria")}
            description={t("form.hint.rubric")}
            autosize
            minRows={2}
            maxRows={8}
            value={row.criteria}
            onChange={(event) => set({ criteria: event.currentTarget.value })}
            error={props.error("criteria")}
            data-testid="expectation-criteria"
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

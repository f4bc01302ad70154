import { Code, NativeSelect, NumberInput, PasswordInput, Stack, Switch, TextInput } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { AuthField, AuthValue, AuthValues } from "./auth-data-schema";
import { splitCodeSpans } from "./presentation";

/** Inputs generated from a vendor's `auth_data` schema; errors are keyed by field (`token`). */
export function AuthDataFields(props: {
  fields: AuthField[];
  values: AuthValues;
  errors: Record<string, string>;
  onChange(key: string, value: AuthValue): void;
}) {
  return (
    <Stack gap="sm">
      {props.fields.map((field) => (
        <AuthDataInput
          key={field.key}
          field={field}
          value={props.values[field.key]}
          error={props.errors[field.key]}
          onChange={(value) => props.onChange(field.key, value)}
        />
      ))}
    </Stack>
  );
}

function AuthDataInput(props: {
  field: AuthField;
  value: AuthValue | undefined;
  error: string | undefined;
  onChange(value: AuthValue): void;
}) {
  const { field, value, error, onChange } = props;
  const t = useT("channels");
  const description = field.description ? <Described text={field.description} /> : undefined;
  const common = {
    label: field.label,
    description,
    required: field.required,
    error,
    name: `auth_data.${field.key}`,
  };
  switch (field.kind) {
    case "switch":
      return (
        <Switch
          label={field.label}
          description={description}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case "number":
      return (
        <NumberInput
          {...common}
          value={typeof value === "number" || typeof value === "string" ? value : ""}
          onChange={(next) => onChange(next)}
          allowDecimal={!field.integer}
          min={field.min}
          max={field.max}
        />
      );
    case "select":
      return (
        <NativeSelect
          {...common}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[{ value: "", label: "—" }, ...(field.options ?? [])]}
        />
      );
    case "secret":
      return (
        <PasswordInput
          {...common}
          autoComplete="off"
          visibilityToggleButtonProps={{ "aria-label": t("connect.showSecret") }}
          maxLength={field.maxLength}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          autoComplete="off"
          maxLength={field.maxLength}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

function Described({ text }: { text: string }) {
  return (
    <>
      {splitCodeSpans(text).map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        part.code ? <Code key={index}>{part.text}</Code> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

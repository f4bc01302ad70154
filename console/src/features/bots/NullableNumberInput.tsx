import { NumberInput } from "@mantine/core";
import type { ReactNode } from "react";
import { numberOrNull } from "./settings-form";

/**
 * A NumberInput for a setting that may be null ("not set"): cleared means null. Out-of-range
 * values are not clamped, so the API's 422 message reaches the field instead of a silent change.
 */
export function NullableNumberInput(props: {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  value: number | null | undefined;
  onChange(value: number | null): void;
  error?: ReactNode;
  bounds: { min: number; max: number; step: number; integer: boolean };
}) {
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      value={props.value ?? ""}
      onChange={(value) => props.onChange(numberOrNull(value))}
      error={props.error}
      min={props.bounds.min}
      max={props.bounds.max}
      step={props.bounds.step}
      allowDecimal={!props.bounds.integer}
      clampBehavior="none"
    />
  );
}

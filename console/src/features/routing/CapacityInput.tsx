import { NumberInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type OperatorRouting, setCapacity } from "./api";

/** An admin's edit of an operator's capacity (empty: no limit), saved when the field is left. */
export function CapacityInput({ operator }: { operator: OperatorRouting }) {
  const t = useT("routing");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const current = operator.capacity ?? null;
  const [value, setValue] = useState<string | number>(current ?? "");
  const save = useMutation({
    mutationFn: (capacity: number | null) => setCapacity(operator.id, capacity),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["operators"] }),
    onError: (error) => {
      setValue(current ?? "");
      notifications.show({ color: "red", message: errorText(error) });
    },
  });
  const commit = () => {
    const next = value === "" ? null : Number(value);
    if (next !== current) save.mutate(next);
  };
  return (
    <NumberInput
      size="xs"
      w={90}
      min={0}
      max={1000}
      allowDecimal={false}
      placeholder={t("capacity.unlimited")}
      aria-label={t("capacity.label", { name: operator.name })}
      value={value}
      onChange={setValue}
      onBlur={commit}
      disabled={save.isPending}
    />
  );
}

import { Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSignedIn } from "../../auth/SessionProvider";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { listOperators, teamKeys } from "../team/api";
import { AVAILABILITIES, type Availability, type OperatorRouting, setMyAvailability } from "./api";

/**
 * The header's switch of the signed-in person's availability (docs/routing.md): online, busy or
 * offline, as a compact menu so that it fits a phone's header. It shows what they set; routing
 * also needs them active, which an open console is.
 */
export function AvailabilitySwitch() {
  const t = useT("routing");
  const errorText = useErrorText();
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const operators = useQuery({ queryKey: teamKeys.operators, queryFn: listOperators });
  const me = (operators.data as OperatorRouting[] | undefined)?.find((o) => o.id === session.user.id);
  const change = useMutation({
    mutationFn: setMyAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["operators"] }),
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });
  const value = change.isPending ? change.variables : (me?.availability ?? "online");
  return (
    <Select
      size="xs"
      w={112}
      aria-label={t("availability.label")}
      data-testid="availability-switch"
      value={value}
      disabled={change.isPending || !me}
      allowDeselect={false}
      onChange={(next) => next && change.mutate(next as Availability)}
      data={AVAILABILITIES.map((a) => ({ value: a, label: t(`availability.${a}`) }))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

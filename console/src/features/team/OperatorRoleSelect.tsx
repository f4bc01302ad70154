import { NativeSelect } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { OPERATOR_ROLES, type Operator, type OperatorRole, updateOperator } from "./api";

/** Changes someone's role as soon as another one is picked. */
export function OperatorRoleSelect(props: { operator: Operator; disabled?: boolean }) {
  const t = useT("team");
  const tc = useT("common");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (role: OperatorRole) => updateOperator(props.operator.id, { role }),
    onSuccess: async (operator) => {
      notifications.show({
        color: "green",
        message: t("roleChanged", { name: operator.name, role: tc(`role.${operator.role}`) }),
      });
      await queryClient.invalidateQueries({ queryKey: ["operators"] });
    },
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });
  return (
    <NativeSelect
      size="xs"
      aria-label={t("roleOf", { name: props.operator.name })}
      value={mutation.isPending ? mutation.variables : props.operator.role}
      disabled={props.disabled || mutation.isPending}
      onChange={(e) => mutation.mutate(e.currentTarget.value as OperatorRole)}
      data={OPERATOR_ROLES.map((role) => ({ value: role, label: tc(`role.${role}`) }))}
      w={130}
    />
  );
}

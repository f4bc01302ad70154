import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconKey, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmModal } from "../../components/ConfirmModal";
import { useT } from "../../i18n/I18nProvider";
import { type Operator, removeOperator } from "./api";
import { ResetPasswordModal } from "./ResetPasswordModal";

/** Reset someone's password; remove them from the project. Not offered on one's own row. */
export function OperatorRowActions({ operator }: { operator: Operator }) {
  const t = useT("team");
  const queryClient = useQueryClient();
  const [resetOpen, reset] = useDisclosure(false);
  const [removeOpen, removing] = useDisclosure(false);
  const remove = useMutation({
    mutationFn: () => removeOperator(operator.id),
    onSuccess: async () => {
      notifications.show({ color: "green", message: t("remove.done", { name: operator.name }) });
      removing.close();
      await queryClient.invalidateQueries({ queryKey: ["operators"] });
    },
  });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("reset.action")}>
        <ActionIcon
          variant="subtle"
          aria-label={t("reset.label", { name: operator.name })}
          onClick={reset.open}
        >
          <IconKey size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("remove.action")}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("remove.label", { name: operator.name })}
          onClick={removing.open}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <ResetPasswordModal operator={operator} opened={resetOpen} onClose={reset.close} />
      <ConfirmModal
        opened={removeOpen}
        title={t("remove.title")}
        confirmLabel={t("remove.action")}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          removing.close();
          remove.reset();
        }}
      >
        {t("remove.confirm", { name: operator.name, email: operator.email })}
      </ConfirmModal>
    </Group>
  );
}

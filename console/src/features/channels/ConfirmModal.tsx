import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useT } from "../../i18n/I18nProvider";
import { FormErrorAlert } from "./FormErrorAlert";

/**
 * "Are you sure?" for a destructive action. Stays open while the request runs and shows its
 * error; the caller closes it on success. (Shared with features/team.)
 */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  error?: unknown;
  onConfirm(): void;
  onClose(): void;
}) {
  const t = useT("common");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ "aria-label": t("actions.close") }}
    >
      <Stack>
        <FormErrorAlert error={props.error} />
        <Text size="sm">{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            {t("actions.cancel")}
          </Button>
          <Button color="red" loading={props.loading} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

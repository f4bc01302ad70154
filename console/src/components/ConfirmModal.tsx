import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useT } from "../i18n/I18nProvider";
import { useErrorText } from "./QueryState";

/** Asks before a destructive action; shows the action's error in place. */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
  loading?: boolean;
  error?: unknown;
  color?: string;
}) {
  const common = useT("common");
  const errorText = useErrorText();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ "aria-label": common("actions.close") }}
    >
      <Stack>
        <Text size="sm" component="div">
          {props.children}
        </Text>
        {props.error ? (
          <Alert color="red" role="alert">
            {errorText(props.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {common("actions.cancel")}
          </Button>
          <Button color={props.color ?? "red"} loading={props.loading} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { ActionIcon, Button, Menu } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconChevronDown,
  IconDots,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../components/ConfirmModal";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { deleteWebhookEndpoint, updateWebhookEndpoint, type WebhookEndpoint, webhookKeys } from "./api";
import { WebhookFormModal } from "./WebhookFormModal";
import { WebhookSecretModal } from "./WebhookSecretModal";
import { generateWebhookSecret } from "./webhook-secret";

/** Edit, pause/enable, rotate the secret, delete: one menu for the list row and the endpoint page. */
export function WebhookActionsMenu(props: {
  endpoint: WebhookEndpoint;
  compact?: boolean;
  onDeleted?(): void;
}) {
  const t = useT("webhooks");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { endpoint } = props;
  const [editing, edit] = useDisclosure();
  const [deleting, askDelete] = useDisclosure();
  const [rotating, askRotate] = useDisclosure();
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });

  const toggle = useMutation({
    mutationFn: () =>
      updateWebhookEndpoint(endpoint.id, { status: endpoint.status === "active" ? "disabled" : "active" }),
    onSuccess: async (updated) => {
      await invalidate();
      notifications.show({
        color: "green",
        message: updated.status === "active" ? t("actions.enabled") : t("actions.paused"),
      });
    },
    onError: (error) =>
      notifications.show({ color: "red", title: t("actions.failed"), message: errorText(error) }),
  });

  const remove = useMutation({
    mutationFn: () => deleteWebhookEndpoint(endpoint.id),
    onSuccess: async () => {
      askDelete.close();
      notifications.show({ color: "green", message: t("actions.deleted") });
      props.onDeleted?.();
      queryClient.removeQueries({ queryKey: webhookKeys.endpoint(endpoint.id) });
      await invalidate();
    },
  });

  const rotate = useMutation({
    mutationFn: async () => {
      const secret = generateWebhookSecret();
      await updateWebhookEndpoint(endpoint.id, { secret });
      return secret;
    },
    onSuccess: async (secret) => {
      askRotate.close();
      setNewSecret(secret);
      await invalidate();
    },
  });

  const label = t("actions.menu", { url: endpoint.url });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {props.compact ? (
            <ActionIcon variant="subtle" color="gray" aria-label={label} loading={toggle.isPending}>
              <IconDots size={18} />
            </ActionIcon>
          ) : (
            <Button variant="default" rightSection={<IconChevronDown size={16} />} loading={toggle.isPending}>
              {t("actions.title")}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={edit.open}>
            {t("actions.edit")}
          </Menu.Item>
          <Menu.Item
            leftSection={
              endpoint.status === "active" ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
            }
            onClick={() => toggle.mutate()}
          >
            {endpoint.status === "active" ? t("actions.pause") : t("actions.enable")}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={askRotate.open}>
            {t("actions.rotate")}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={askDelete.open}>
            {t("actions.delete")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <WebhookFormModal opened={editing} endpoint={endpoint} onClose={edit.close} />
      <ConfirmModal
        opened={deleting}
        title={t("actions.deleteTitle")}
        confirmLabel={t("actions.delete")}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          remove.reset();
          askDelete.close();
        }}
        loading={remove.isPending}
        error={remove.error}
      >
        {t("actions.deleteConfirm", { url: endpoint.url })}
      </ConfirmModal>
      <ConfirmModal
        opened={rotating}
        title={t("actions.rotateTitle")}
        confirmLabel={t("actions.rotate")}
        color="blue"
        onConfirm={() => rotate.mutate()}
        onClose={() => {
          rotate.reset();
          askRotate.close();
        }}
        loading={rotate.isPending}
        error={rotate.error}
      >
        {t("actions.rotateConfirm")}
      </ConfirmModal>
      <WebhookSecretModal secret={newSecret} url={endpoint.url} onClose={() => setNewSecret(null)} />
    </>
  );
}

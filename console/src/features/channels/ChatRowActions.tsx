import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { ConfirmModal } from "../../components/ConfirmModal";
import { type Chat, deleteChat } from "./api";
import { ChatFormModal } from "./ChatFormModal";
import { useChannelWords } from "./useChannelWords";
import { useChatInvalidation } from "./useChatInvalidation";

/** Edit (name, bot) and delete one chat of an integration. */
export function ChatRowActions({ integrationId, chat }: { integrationId: string; chat: Chat }) {
  const { t } = useChannelWords();
  const invalidate = useChatInvalidation();
  const [editOpen, edit] = useDisclosure(false);
  const [deleteOpen, deleting] = useDisclosure(false);
  const remove = useMutation({
    mutationFn: () => deleteChat(integrationId, chat.id),
    onSuccess: async () => {
      notifications.show({ color: "green", message: t("chats.deleted", { name: chat.name }) });
      deleting.close();
      await invalidate(integrationId);
    },
  });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("chats.edit")}>
        <ActionIcon
          variant="subtle"
          aria-label={t("chats.editLabel", { name: chat.name })}
          onClick={edit.open}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("chats.delete")}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("chats.deleteLabel", { name: chat.name })}
          onClick={deleting.open}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <ChatFormModal integrationId={integrationId} chat={chat} opened={editOpen} onClose={edit.close} />
      <ConfirmModal
        opened={deleteOpen}
        title={t("chats.deleteTitle")}
        confirmLabel={t("chats.delete")}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          deleting.close();
          remove.reset();
        }}
      >
        {t("chats.deleteConfirm", { name: chat.name })}
      </ConfirmModal>
    </Group>
  );
}

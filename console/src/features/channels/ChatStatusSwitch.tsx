import { Switch } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useErrorText } from "../../components/QueryState";
import { type Chat, setChatStatus } from "./api";
import { useChannelWords } from "./useChannelWords";
import { useChatInvalidation } from "./useChatInvalidation";

/**
 * On: the bot answers in this chat (`active`). A chat in `error` (its integration lost access)
 * shows off; switching it on asks for `active` again.
 */
export function ChatStatusSwitch({ chat }: { chat: Chat }) {
  const { t } = useChannelWords();
  const errorText = useErrorText();
  const invalidate = useChatInvalidation();
  const mutation = useMutation({
    mutationFn: (status: "active" | "disabled") => setChatStatus(chat.integration_id!, chat.id, status),
    onSuccess: async (updated) => {
      notifications.show({
        color: "green",
        message: t(updated.status === "active" ? "chats.activated" : "chats.disabled", {
          name: updated.name,
        }),
      });
      await invalidate(updated.integration_id);
    },
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });
  return (
    <Switch
      aria-label={t("chats.activeLabel", { name: chat.name })}
      checked={chat.status === "active"}
      disabled={!chat.integration_id || mutation.isPending}
      onChange={(e) => mutation.mutate(e.currentTarget.checked ? "active" : "disabled")}
    />
  );
}

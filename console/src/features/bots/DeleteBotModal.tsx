import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type Bot, botKeys, deleteBot } from "./bots-api";
import { deleteTryChats } from "./try-chat";

/**
 * Confirms and deletes a bot. The console's own "Try it" chat for the bot is deleted first:
 * otherwise the API refuses with 409 bot_in_use. Other chats bound to the bot are not touched;
 * while they exist the refusal is explained.
 */
export function DeleteBotModal(props: { bot: Bot | null; onClose(): void; onDeleted?(): void }) {
  const t = useT("bots");
  const tc = useT("common");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (bot: Bot) => {
      await deleteTryChats(bot);
      return deleteBot(bot.id);
    },
    onSuccess: (_result, bot) => {
      queryClient.removeQueries({ queryKey: botKeys.bot(bot.id) });
      void queryClient.invalidateQueries({ queryKey: botKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: ["chats"] });
      void queryClient.invalidateQueries({ queryKey: ["integrations"] });
      notifications.show({ color: "green", message: t("delete.done", { name: bot.name }) });
      props.onClose();
      props.onDeleted?.();
    },
  });
  const close = () => {
    mutation.reset();
    props.onClose();
  };
  const error = mutation.error;
  return (
    <Modal opened={props.bot !== null} onClose={close} title={t("delete.title")}>
      {props.bot && (
        <Stack gap="sm">
          <Text size="sm">{t("delete.confirm", { name: props.bot.name })}</Text>
          <Text size="sm" c="dimmed">
            {t("delete.tryChatsToo")}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error instanceof ApiError && error.code === "bot_in_use"
                ? t("delete.inUse")
                : errorText(error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {tc("actions.cancel")}
            </Button>
            <Button
              color="red"
              loading={mutation.isPending}
              onClick={() => props.bot && mutation.mutate(props.bot)}
              data-testid="bot-delete-confirm"
            >
              {tc("actions.delete")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

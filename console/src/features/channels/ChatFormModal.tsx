import { Alert, Anchor, Button, Checkbox, Group, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type BotSummary, type Chat, createChat, setChatStatus, updateChat } from "./api";
import { placeErrors } from "./form-errors";
import { useBots } from "./useBots";
import { useChannelWords } from "./useChannelWords";
import { useChatInvalidation } from "./useChatInvalidation";

/** Create a chat in an integration (`chat` absent), or rename it / bind it to another bot. */
export function ChatFormModal(props: {
  integrationId: string;
  chat?: Chat;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useChannelWords();
  const tc = useT("common");
  const bots = useBots();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.chat ? t("chatForm.editTitle", { name: props.chat.name }) : t("chatForm.createTitle")}
      closeButtonProps={{ "aria-label": tc("actions.close") }}
    >
      <QueryState query={bots}>
        {(list) =>
          list.length === 0 ? (
            <Alert color="yellow" title={t("chatForm.noBotsTitle")}>
              {t("chatForm.noBotsHint")}{" "}
              <Anchor component={Link} to="/bots">
                {t("chatForm.toBots")}
              </Anchor>
            </Alert>
          ) : (
            <ChatForm {...props} bots={list} />
          )
        }
      </QueryState>
    </Modal>
  );
}

/** The API's names for the two inputs, and the conflicts that belong to one of them. */
const PATHS = ["name", "bot_id"];
const CODE_TO_PATH = { chat_name_taken: "name", bot_not_found: "bot_id" };

function ChatForm(props: { integrationId: string; chat?: Chat; bots: BotSummary[]; onClose(): void }) {
  const { t } = useChannelWords();
  const tc = useT("common");
  const invalidate = useChatInvalidation();
  const [name, setName] = useState(props.chat?.name ?? "");
  const [botId, setBotId] = useState(
    props.chat?.bot_id ?? (props.bots.length === 1 ? props.bots[0]!.id : ""),
  );
  const [missing, setMissing] = useState<string[]>([]);
  // A new chat is `disabled` in the API; most people want the bot answering right away.
  const [activate, setActivate] = useState(true);
  const mutation = useMutation({
    mutationFn: async (body: { name: string; bot_id: string }) => {
      if (props.chat) return updateChat(props.integrationId, props.chat.id, body);
      const created = await createChat(props.integrationId, body);
      if (!activate) return created;
      try {
        return await setChatStatus(props.integrationId, created.id, "active");
      } catch {
        // The chat exists; say so instead of failing the form (it can be switched on in the list).
        notifications.show({
          color: "yellow",
          message: t("chatForm.activateFailed", { name: created.name }),
        });
        return created;
      }
    },
    onSuccess: async (chat) => {
      notifications.show({
        color: "green",
        message: props.chat ? tc("state.saved") : t("chatForm.created", { name: chat.name }),
      });
      await invalidate(props.integrationId);
      props.onClose();
    },
  });
  const placed = placeErrors(mutation.error, PATHS, CODE_TO_PATH);
  const errorOf = (path: string) => (missing.includes(path) ? t("form.required") : placed.fields[path]);
  const showTopError = mutation.isError && Object.keys(placed.fields).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = [...(name.trim() ? [] : ["name"]), ...(botId ? [] : ["bot_id"])];
    setMissing(empty);
    if (empty.length === 0) mutation.mutate({ name: name.trim(), bot_id: botId });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {showTopError && <FormErrorAlert error={mutation.error} unplaced={placed.unplaced} />}
        <TextInput
          label={t("chatForm.name")}
          description={t("chatForm.nameHint")}
          required
          maxLength={200}
          data-autofocus
          data-testid="chat-name-input"
          value={name}
          error={errorOf("name")}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <NativeSelect
          label={t("chatForm.bot")}
          description={t("chatForm.botHint")}
          required
          data-testid="chat-bot-select"
          value={botId}
          error={errorOf("bot_id")}
          onChange={(e) => setBotId(e.currentTarget.value)}
          data={[
            { value: "", label: t("chatForm.chooseBot") },
            ...props.bots.map((bot) => ({ value: bot.id, label: bot.name })),
          ]}
        />
        {!props.chat && (
          <Checkbox
            label={t("chatForm.activate")}
            description={t("chatForm.activateHint")}
            checked={activate}
            onChange={(e) => setActivate(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="chat-submit">
            {props.chat ? tc("actions.save") : tc("actions.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

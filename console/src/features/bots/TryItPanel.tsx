import { Alert, Button, Card, Group, ScrollArea, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconPlayerStop, IconRefresh, IconSend } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/I18nProvider";
import type { Bot } from "./bots-api";
import { TryMessageBubble } from "./TryMessageBubble";
import { useToolCatalog } from "./use-tool-catalog";
import { useTryConversation } from "./use-try-conversation";

/**
 * Talk to the bot before it goes live, through the public stream endpoint. The message list
 * has a fixed height and scrolls, so a streaming reply never moves the rest of the page.
 */
export function TryItPanel({ bot }: { bot: Bot }) {
  const t = useT("bots");
  const conversation = useTryConversation(bot);
  const catalog = useToolCatalog();
  const titleOf = (name: string) => catalog.data?.find((tool) => tool.name === name)?.title ?? name;
  const [draft, setDraft] = useState("");
  const viewport = useRef<HTMLDivElement>(null);
  const lastReplyId = [...conversation.messages].reverse().find((m) => m.role === "assistant")?.id;

  useEffect(() => {
    const element = viewport.current;
    if (element && conversation.messages.length > 0) element.scrollTo({ top: element.scrollHeight });
  }, [conversation.messages]);

  function send() {
    const text = draft.trim();
    if (text === "" || conversation.busy) return;
    setDraft("");
    void conversation.send(text);
  }

  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h4">
            {t("try.title")}
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={() => {
              conversation.restart();
              setDraft("");
            }}
            disabled={conversation.messages.length === 0}
          >
            {t("try.newConversation")}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t("try.hint")}
        </Text>
        {bot.status !== "active" && (
          <Alert color="orange" p="xs">
            <Text size="sm">{t("try.botInactive")}</Text>
          </Alert>
        )}
        <ScrollArea h={{ base: 340, lg: 460 }} viewportRef={viewport} type="auto" offsetScrollbars>
          <Stack gap="xs" role="log" aria-label={t("try.conversation")} aria-busy={conversation.busy} pr={4}>
            {conversation.messages.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                {t("try.empty")}
              </Text>
            ) : (
              conversation.messages.map((message) => (
                <TryMessageBubble
                  key={message.id}
                  message={message}
                  latest={message.id === lastReplyId}
                  titleOf={titleOf}
                  onDecide={
                    message.id === lastReplyId && !conversation.busy
                      ? (approvalId, approve) => void conversation.decide(approvalId, approve)
                      : undefined
                  }
                />
              ))
            )}
          </Stack>
        </ScrollArea>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Stack gap="xs">
            <Textarea
              aria-label={t("try.inputLabel")}
              placeholder={t("try.placeholder")}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={32000}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter sends; Shift+Enter (or an IME composition) writes a new line.
                if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  send();
                }
              }}
              data-testid="try-input"
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {t("try.keys")}
              </Text>
              {conversation.busy ? (
                <Button
                  variant="default"
                  leftSection={<IconPlayerStop size={16} />}
                  onClick={conversation.stop}
                >
                  {t("try.stop")}
                </Button>
              ) : (
                <Button
                  type="submit"
                  leftSection={<IconSend size={16} />}
                  disabled={draft.trim() === ""}
                  data-testid="try-send"
                >
                  {t("try.send")}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

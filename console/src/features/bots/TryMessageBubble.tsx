import { Alert, Box, Loader, Paper, Text } from "@mantine/core";
import { MarkdownText } from "../../components/MarkdownText";
import { useT } from "../../i18n/I18nProvider";
import { ToolCallList } from "./ToolCallList";
import { TryApprovalCard } from "./TryApprovalCard";
import { isSilentReply, pendingApprovals, type TryMessage } from "./try-conversation";

/** Error codes with an explanation of their own in bots.json (try.errors.<code>). */
const EXPLAINED = new Set(["model_unavailable", "insufficient_credits", "model_timeout"]);

/**
 * One message of the "Try it" conversation. A reply's bubble is there (one line high, with a
 * loader) before the first token, so streaming text grows it instead of pushing things in.
 */
export function TryMessageBubble(props: {
  message: TryMessage;
  latest: boolean;
  titleOf: (name: string) => string;
  /** Decides a paused call of this reply; absent while the panel is busy. */
  onDecide?: ((approvalId: string, approve: boolean) => void) | undefined;
}) {
  const t = useT("bots");
  const { message } = props;
  if (message.role === "user") {
    return (
      <Paper p="xs" px="sm" radius="md" bg="var(--mantine-primary-color-light)" ml="auto" maw="85%">
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.text}
        </Text>
      </Paper>
    );
  }
  const open = message.status === "waiting" || message.status === "streaming";
  return (
    <Paper
      p="xs"
      px="sm"
      radius="md"
      withBorder
      maw="92%"
      mih={38}
      aria-busy={open}
      data-testid={props.latest ? "try-reply" : undefined}
      data-status={message.status}
    >
      <ToolCallList tools={message.tools} titleOf={props.titleOf} />
      {pendingApprovals(message).map((call) => (
        <TryApprovalCard
          key={call.toolCallId}
          call={call}
          title={props.titleOf(call.toolName)}
          onDecide={
            props.onDecide && call.approvalId
              ? (approve) => props.onDecide?.(call.approvalId as string, approve)
              : undefined
          }
        />
      ))}
      {message.text !== "" && <MarkdownText text={message.text} />}
      {open && message.text === "" && (
        <Box h={20} display="flex" style={{ alignItems: "center" }}>
          <Loader size="xs" type="dots" aria-label={t("try.thinking")} />
        </Box>
      )}
      {message.status === "stopped" && (
        <Text size="xs" c="dimmed" mt={4}>
          {t("try.stopped")}
        </Text>
      )}
      {message.finishReason === "length" && (
        <Text size="xs" c="dimmed" mt={4}>
          {t("try.cutOff")}
        </Text>
      )}
      {message.finishReason === "tool-calls" && pendingApprovals(message).length > 0 && (
        <Text size="xs" c="orange.8" mt={4}>
          {t("try.awaitingApproval")}
        </Text>
      )}
      {isSilentReply(message) && (
        <Text size="sm" c="dimmed">
          {t("try.silent")}
        </Text>
      )}
      {message.status === "error" && message.error && (
        <Alert color="red" p="xs" mt={message.text || message.tools.length ? "xs" : 0} role="alert">
          <Text size="sm">{message.error.message || message.error.code}</Text>
          {EXPLAINED.has(message.error.code) && (
            <Text size="xs" mt={4}>
              {t(`try.errors.${message.error.code}`)}
            </Text>
          )}
        </Alert>
      )}
    </Paper>
  );
}

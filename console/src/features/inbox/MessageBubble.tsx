import { Anchor, Box, Button, Group, Stack, Text } from "@mantine/core";
import { MarkdownText } from "../../components/MarkdownText";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { SaveTestCaseMenu } from "../evals/SaveTestCaseMenu";
import { formatActivity } from "./activity-time";
import { sideOf } from "./conversation";
import type { MessageFeedback } from "./feedback";
import { KeptFiles } from "./KeptFiles";
import { MessageButtons } from "./MessageButtons";
import { MessageFiles } from "./MessageFiles";
import { MessageRating } from "./MessageRating";
import classes from "./thread.module.css";
import type { Message, MessageAttachment } from "./types";
import { VoiceAttachments } from "./VoiceAttachments";
import { withoutTranscripts } from "./voice";

/** Voice and audio play in the bubble (VoiceAttachments) rather than as links. */
const isSound = (kind: string) => kind === "voice" || kind === "audio";

/** A vendor's public link, for a file Parley keeps no copy of (KeptFiles shows the copies). */
const linkOnly = (attachment: MessageAttachment) =>
  attachment.url && !isSound(attachment.kind) && !attachment.file;

/**
 * One message: the person on the left, the AI and operators on the right, each with a label.
 * `unanswered`: a failed reply left it waiting (docs/console.md, "Failed replies"). An AI answer
 * (with `rating`) carries its ratings and the operator's own (docs/console.md, "Rating and
 * correcting answers").
 */
export function MessageBubble({
  message,
  personName,
  unanswered = false,
  rating,
  onWhy,
  testCase,
}: {
  message: Message;
  personName: string | null;
  unanswered?: boolean;
  rating?: { threadId: string; feedback: readonly MessageFeedback[] };
  /** Opens "Why this answer" (docs/console.md); given for the AI's messages. */
  onWhy?: (() => void) | undefined;
  /** Given (for admins) on the AI's messages: "Save as test case" for the thread's bot. */
  testCase?: { botId: string } | undefined;
}) {
  const t = useT("inbox");
  const tt = useT("trace");
  const { language } = useLanguage();
  const label =
    message.author === "user"
      ? (personName ?? t("message.user"))
      : message.author === "bot"
        ? t("message.bot")
        : (message.operator?.name ?? t("message.operator"));

  return (
    <div className={classes.messageRow} data-side={sideOf(message)}>
      <Box
        className={classes.bubble}
        data-testid="message"
        data-author={message.author}
        data-message-id={message.id}
        data-unanswered={unanswered ? "true" : undefined}
      >
        <Text size="xs" fw={600} c="dimmed">
          {label}
        </Text>
        {/* The person's words as typed; the AI's and operators' Markdown as the widget shows it. */}
        {message.author === "user" ? (
          <Text size="sm" className={classes.text}>
            {withoutTranscripts(message)}
          </Text>
        ) : (
          <MarkdownText text={message.content} />
        )}
        <VoiceAttachments message={message} />
        <MessageButtons message={message} />
        <KeptFiles message={message} />
        {rating ? <MessageFiles message={message} threadId={rating.threadId} /> : null}
        {message.attachments?.some(linkOnly) ? (
          <Stack gap={2} mt={4}>
            {message.attachments.filter(linkOnly).map((attachment) => (
              <Anchor key={attachment.url} href={attachment.url} target="_blank" rel="noreferrer" size="xs">
                {attachment.fileName ??
                  attachment.caption ??
                  t(`message.attachment`, { kind: attachment.kind })}
              </Anchor>
            ))}
          </Stack>
        ) : null}
        <Group gap="xs" justify="flex-end" mt={2}>
          {onWhy ? (
            <Button variant="subtle" size="compact-xs" onClick={onWhy} data-testid="why-this-answer">
              {tt("whyButton")}
            </Button>
          ) : null}
          {testCase && rating && message.author === "bot" ? (
            <SaveTestCaseMenu
              botId={testCase.botId}
              threadId={rating.threadId}
              messageId={message.id}
              hasCorrection={rating.feedback.some((f) => f.rating === "down" && f.correction)}
            />
          ) : null}
          {unanswered ? (
            <Text size="xs" c="red" data-testid="message-unanswered">
              {t("message.unanswered")}
            </Text>
          ) : null}
          {message.delivery?.status === "failed" ? (
            <Text size="xs" c="red">
              {t("message.notDelivered", {
                reason: message.delivery.error?.message ?? message.delivery.channel,
              })}
            </Text>
          ) : null}
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={message.created_at}
            title={new Date(message.created_at).toLocaleString(language)}
          >
            {formatActivity(message.created_at, new Date(), language)}
          </Text>
        </Group>
        {rating && message.author === "bot" ? (
          <MessageRating threadId={rating.threadId} messageId={message.id} feedback={rating.feedback} />
        ) : null}
      </Box>
    </div>
  );
}

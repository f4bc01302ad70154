import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconPencil,
  IconThumbDown,
  IconThumbDownFilled,
  IconThumbUp,
  IconThumbUpFilled,
} from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useOperatorId } from "../../auth/SessionProvider";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { inboxKeys } from "./api";
import {
  COMMENT_MAX,
  CORRECTION_MAX,
  type MessageFeedback,
  mergeFeedback,
  mine,
  type Rating,
  rateMessage,
  ratingChange,
  removeFeedback,
} from "./feedback";

type Change = { remove: true } | { remove: false; body: Parameters<typeof rateMessage>[2] };

/**
 * Under an AI answer (docs/console.md, "Rating and correcting answers"): 👍/👎 as the signed-in
 * operator (the chosen one again takes the rating back), "Suggest a better answer" (the
 * correction, kept with the rating), and every rating the answer has: the customer's and each
 * operator's.
 */
export function MessageRating({
  threadId,
  messageId,
  feedback,
}: {
  threadId: string;
  messageId: string;
  feedback: readonly MessageFeedback[];
}) {
  const t = useT("inbox");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const operatorId = useOperatorId();
  const own = operatorId ? mine(feedback, operatorId) : undefined;
  const [editing, setEditing] = useState(false);
  const [correction, setCorrection] = useState("");
  const [comment, setComment] = useState("");

  const change = useMutation({
    mutationFn: async (next: Change) => {
      if (next.remove) {
        await removeFeedback(threadId, messageId);
        return { kind: "removed", feedback: own } as const;
      }
      return { kind: "saved", feedback: await rateMessage(threadId, messageId, next.body) } as const;
    },
    onSuccess: (result) => {
      queryClient.setQueryData<MessageFeedback[]>(inboxKeys.feedback(threadId), (old = []) => {
        if (!result.feedback) return old;
        return mergeFeedback(old, result.feedback, result.kind === "removed");
      });
      setEditing(false);
    },
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });

  const press = (rating: Rating) => change.mutate(ratingChange(own, rating));
  const openEditor = () => {
    setCorrection(own?.correction ?? "");
    setComment(own?.comment ?? "");
    setEditing(true);
  };
  const save = () =>
    change.mutate({
      remove: false,
      // A better answer says this one could be better: 👎 unless the operator chose otherwise.
      body: {
        rating: own?.rating ?? "down",
        correction: correction.trim() || null,
        comment: comment.trim() || null,
      },
    });

  return (
    <Stack gap={4} mt={4} data-testid="message-rating">
      <Group gap={2}>
        {(["up", "down"] as const).map((rating) => {
          const chosen = own?.rating === rating;
          const Icon =
            rating === "up"
              ? chosen
                ? IconThumbUpFilled
                : IconThumbUp
              : chosen
                ? IconThumbDownFilled
                : IconThumbDown;
          return (
            <Tooltip key={rating} label={t(chosen ? "feedback.takeBack" : `feedback.${rating}`)} withArrow>
              <ActionIcon
                variant={chosen ? "light" : "subtle"}
                color={rating === "up" ? "teal" : "red"}
                size="sm"
                aria-label={t(`feedback.${rating}`)}
                aria-pressed={chosen}
                data-testid={`rate-${rating}`}
                disabled={change.isPending}
                onClick={() => press(rating)}
              >
                <Icon size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          );
        })}
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconPencil size={14} aria-hidden />}
          data-testid="suggest-answer"
          aria-expanded={editing}
          onClick={() => (editing ? setEditing(false) : openEditor())}
        >
          {t(own?.correction ? "feedback.editCorrection" : "feedback.suggest")}
        </Button>
      </Group>
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap={6}>
            <Textarea
              data-testid="correction-input"
              label={t("feedback.correction")}
              description={t("feedback.correctionHint")}
              autosize
              minRows={3}
              maxRows={12}
              maxLength={CORRECTION_MAX}
              value={correction}
              onChange={(event) => setCorrection(event.currentTarget.value)}
            />
            <Textarea
              data-testid="comment-input"
              label={t("feedback.comment")}
              autosize
              minRows={1}
              maxRows={4}
              maxLength={COMMENT_MAX}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            <Group gap="xs" justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setEditing(false)}>
                {t("feedback.cancel")}
              </Button>
              <Button
                type="submit"
                size="xs"
                data-testid="correction-save"
                loading={change.isPending}
                disabled={!correction.trim() && !comment.trim()}
              >
                {t("feedback.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {feedback.length > 0 ? (
        <Stack gap={4} aria-label={t("feedback.listLabel")} role="list">
          {feedback.map((item) => (
            <FeedbackEntry key={item.id} feedback={item} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** One rating: who, 👍/👎, their comment and their better answer. */
function FeedbackEntry({ feedback }: { feedback: MessageFeedback }) {
  const t = useT("inbox");
  const who =
    feedback.source === "customer"
      ? t("feedback.customer")
      : feedback.operator
        ? feedback.operator.name
        : t("feedback.api");
  const Icon = feedback.rating === "up" ? IconThumbUpFilled : IconThumbDownFilled;
  return (
    <Paper
      role="listitem"
      withBorder
      p={6}
      radius="sm"
      data-testid="feedback-entry"
      data-source={feedback.source}
      data-rating={feedback.rating}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Icon
          size={14}
          color={feedback.rating === "up" ? "var(--mantine-color-teal-6)" : "var(--mantine-color-red-6)"}
          aria-label={t(`feedback.${feedback.rating}`)}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" fw={600}>
            {who}
          </Text>
          {feedback.comment ? (
            <Text size="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {feedback.comment}
            </Text>
          ) : null}
          {feedback.correction ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              <Text span size="xs" fw={600} c="dimmed">
                {t("feedback.betterAnswer")}{" "}
              </Text>
              {feedback.correction}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

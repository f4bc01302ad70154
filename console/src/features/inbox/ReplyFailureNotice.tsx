import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconRefresh, IconUserCheck } from "@tabler/icons-react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { failureReasonKey } from "./reply-failure";
import type { ReplyFailure, Thread } from "./types";
import { useRetryReply, useSetMode } from "./useThreadActions";

/**
 * Under the messages the AI gave up on (docs/console.md, "Failed replies"): why, and what an
 * operator can do: retry the reply (the AI answers again, only while the thread is `auto`) or
 * take the thread over and answer it.
 */
export function ReplyFailureNotice({ thread, failure }: { thread: Thread; failure: ReplyFailure }) {
  const t = useT("inbox");
  const errorText = useErrorText();
  const retry = useRetryReply(thread.id);
  const setMode = useSetMode(thread.id);
  const error = retry.error ?? setMode.error;

  return (
    <Alert
      color="red"
      variant="light"
      p="xs"
      data-testid="reply-failure"
      data-code={failure.code}
      title={t("replyFailure.title", { n: failure.message_ids.length })}
    >
      <Stack gap="xs">
        <Text size="sm" title={failure.reason}>
          {t(failureReasonKey(failure.code), { attempts: failure.attempts })}
        </Text>
        <Group gap="xs">
          {thread.mode === "auto" ? (
            <Button
              size="xs"
              variant="light"
              data-testid="reply-retry-button"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={retry.isPending}
              disabled={setMode.isPending}
              onClick={() => retry.mutate()}
            >
              {t("replyFailure.retry")}
            </Button>
          ) : null}
          {thread.mode !== "manual" ? (
            <Button
              size="xs"
              data-testid="reply-take-over-button"
              leftSection={<IconUserCheck size={14} aria-hidden />}
              loading={setMode.isPending}
              disabled={retry.isPending}
              onClick={() => setMode.mutate("manual")}
            >
              {t("actions.takeOver")}
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              {t("replyFailure.answerHint")}
            </Text>
          )}
        </Group>
        {error ? (
          <Text size="xs" c="red" data-testid="reply-failure-error">
            {errorText(error)}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

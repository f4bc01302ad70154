import { Alert, Button, Group, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { CannedPicker } from "../canned-responses/CannedPicker";
import { useCannedPicker } from "../canned-responses/useCannedPicker";
import { inboxKeys, isScheduled, sendMessage } from "./api";
import { type AttachmentDraft, attachedIds, ComposerAttachments, uploading } from "./ComposerAttachments";
import { buttonsToSend, ComposerButtons } from "./ComposerButtons";
import { isSendShortcut, minScheduleValue, scheduleToIso, sendErrorKey } from "./composer";
import { mergeMessage } from "./conversation";
import { canReply } from "./modes";
import type { ButtonDraft, Message, Thread } from "./types";

/**
 * The operator's reply (POST …/send). Only while a person handles the thread; Ctrl/Cmd+Enter
 * sends; "Schedule" sends later (202, delivered by a job at that time); "Add button" puts reply
 * and link buttons under it (docs/channels.md, "Buttons"); "Attach" uploads pictures and files
 * sent with it (docs/channels.md, "Files").
 */
export function Composer({ thread }: { thread: Thread }) {
  const t = useT("inbox");
  const formatters = useFormatters();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [scheduling, setScheduling] = useState(false);
  const [scheduleAt, setScheduleAt] = useState("");
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [buttons, setButtons] = useState<ButtonDraft[]>([]);
  const [attachments, setAttachments] = useState<AttachmentDraft[]>([]);
  const files = attachedIds(attachments);
  const busy = uploading(attachments);
  const enabled = canReply(thread.mode);
  // `/code` inserts a canned response (docs/canned-responses.md).
  const canned = useCannedPicker(thread.id, text, setText);

  const send = useMutation({
    mutationFn: (input: { text: string; scheduledAt?: string }) =>
      sendMessage(thread.id, input.text, input.scheduledAt, buttonsToSend(buttons), files),
    onSuccess: (answer) => {
      setText("");
      setButtons([]);
      setAttachments([]);
      if (isScheduled(answer)) {
        setScheduling(false);
        setScheduleAt("");
        notifications.show({
          color: "green",
          message: t("composer.scheduled", { time: formatters.dateTime(answer.scheduled_at) }),
        });
        return;
      }
      queryClient.setQueryData<Message[]>(inboxKeys.messages(thread.id), (old) =>
        old ? mergeMessage(old, answer) : old,
      );
      queryClient.invalidateQueries({ queryKey: inboxKeys.thread(thread.id), exact: true });
      queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
    },
  });

  const submit = () => {
    const body = text.trim();
    if (!enabled || (!body && files.length === 0) || busy || send.isPending) return;
    setScheduleError(null);
    if (scheduling) {
      const schedule = scheduleToIso(scheduleAt, new Date());
      if (!schedule.ok) {
        setScheduleError(t(`composer.scheduleError.${schedule.reason}`));
        return;
      }
      send.mutate({ text: body, scheduledAt: schedule.iso });
    } else {
      send.mutate({ text: body });
    }
  };

  const sendError = send.error;
  const knownError = sendError instanceof ApiError ? sendErrorKey(sendError.code) : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6} pos="relative">
        <CannedPicker picker={canned.picker} />
        <Textarea
          {...canned.inputProps}
          data-testid="composer-input"
          aria-label={t("composer.label")}
          placeholder={enabled ? t("composer.placeholder") : undefined}
          description={enabled ? undefined : t("composer.takeOverHint")}
          disabled={!enabled}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={32000}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (canned.onKeyDown(event)) return;
            if (isSendShortcut(event)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <ComposerButtons drafts={buttons} onChange={setButtons} disabled={!enabled} />
        <ComposerAttachments
          threadId={thread.id}
          drafts={attachments}
          onChange={setAttachments}
          disabled={!enabled}
        />
        <Group justify="space-between" gap="xs" align="flex-end">
          <Group gap="xs" align="flex-end">
            <Switch
              size="xs"
              label={t("composer.schedule")}
              checked={scheduling}
              disabled={!enabled}
              onChange={(event) => {
                setScheduling(event.currentTarget.checked);
                setScheduleError(null);
              }}
            />
            {scheduling ? (
              <TextInput
                size="xs"
                type="datetime-local"
                label={t("composer.scheduleAt")}
                value={scheduleAt}
                min={minScheduleValue(new Date())}
                onChange={(event) => setScheduleAt(event.currentTarget.value)}
                error={scheduleError}
                required
              />
            ) : null}
          </Group>
          <Group gap="xs">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t("composer.shortcut")}
            </Text>
            <Button
              type="submit"
              data-testid="composer-send"
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={!enabled || busy || (!text.trim() && files.length === 0)}
              loading={send.isPending}
            >
              {scheduling ? t("composer.scheduleSend") : t("composer.send")}
            </Button>
          </Group>
        </Group>
        {send.isError ? (
          <Alert color="red" p="xs" role="alert">
            {knownError ? t(knownError) : errorText(sendError)}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

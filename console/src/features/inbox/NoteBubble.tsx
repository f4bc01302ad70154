import { ActionIcon, Button, Group, Text, Textarea, Tooltip } from "@mantine/core";
import { IconLock, IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useOperatorId } from "../../auth/SessionProvider";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { formatActivity } from "./activity-time";
import { deleteNote, mergeNote, NOTE_TEXT_MAX, notesKeys, type ThreadNote, updateNote } from "./notes";
import classes from "./notes.module.css";

/** A private note in the timeline: the team's only; its author may edit or delete it. */
export function NoteBubble({ note }: { note: ThreadNote }) {
  const t = useT("inbox");
  const { language } = useLanguage();
  const me = useOperatorId();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteNote(note.thread_id, note.id),
    onSuccess: () =>
      queryClient.setQueryData<ThreadNote[]>(notesKeys.thread(note.thread_id), (old) =>
        old ? mergeNote(old, note, true) : old,
      ),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (text: string) => updateNote(note.thread_id, note.id, text),
    onSuccess: (updated) => {
      setDraft(null);
      queryClient.setQueryData<ThreadNote[]>(notesKeys.thread(note.thread_id), (old) =>
        old ? mergeNote(old, updated) : old,
      );
    },
  });
  const mine = note.author.type === "operator" && note.author.id === me;

  return (
    <div className={classes.note} data-testid="note" data-note-id={note.id}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <IconLock size={12} aria-hidden />
          <Text size="xs" fw={600}>
            {t("notes.label", { name: note.author.name ?? t("notes.apiKey") })}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatActivity(note.created_at, new Date(), language)}
          </Text>
          {mine && draft === null ? (
            <Tooltip label={t("notes.edit")}>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={t("notes.edit")}
                onClick={() => setDraft(note.text)}
              >
                <IconPencil size={12} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {mine ? (
            <Tooltip label={t("notes.delete")}>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={t("notes.delete")}
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                <IconTrash size={12} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      {draft === null ? (
        <Text size="sm" className={classes.text}>
          {note.text}
        </Text>
      ) : (
        <>
          <Textarea
            aria-label={t("notes.edit")}
            data-testid="note-edit-input"
            autosize
            minRows={2}
            maxLength={NOTE_TEXT_MAX}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <Group gap="xs" justify="flex-end" mt={4}>
            <Button size="compact-xs" variant="subtle" onClick={() => setDraft(null)}>
              {t("notes.cancel")}
            </Button>
            <Button
              size="compact-xs"
              color="yellow"
              disabled={!draft.trim()}
              loading={save.isPending}
              onClick={() => save.mutate(draft.trim())}
            >
              {t("notes.saveEdit")}
            </Button>
          </Group>
        </>
      )}
      <Text size="xs" c="dimmed" mt={2}>
        {t("notes.onlyTeam")}
      </Text>
    </div>
  );
}

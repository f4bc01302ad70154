import { ActionIcon, Group, Text, Tooltip } from "@mantine/core";
import { IconLock, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useOperatorId } from "../../auth/SessionProvider";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { formatActivity } from "./activity-time";
import { deleteNote, mergeNote, notesKeys, type ThreadNote } from "./notes";
import classes from "./notes.module.css";

/** A private note in the timeline: the team's only; its author may delete it. */
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
      <Text size="sm" className={classes.text}>
        {note.text}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {t("notes.onlyTeam")}
      </Text>
    </div>
  );
}

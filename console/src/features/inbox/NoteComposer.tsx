import { Alert, Button, Group, Stack, Text, Textarea, UnstyledButton } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { isSendShortcut } from "./composer";
import {
  createNote,
  insertMention,
  mentionedIds,
  mentionQuery,
  mergeNote,
  NOTE_TEXT_MAX,
  notesKeys,
  type ThreadNote,
} from "./notes";
import classes from "./notes.module.css";
import type { Operator } from "./types";
import { useOperators } from "./useInboxLookups";

/**
 * A private note (docs/console.md, "Private notes"): open in every mode, seen by the team only.
 * Typing `@` offers the project's operators; choosing one puts `@Name` in the text and mentions
 * them (notified in their mentions inbox). Ctrl/Cmd+Enter saves.
 */
export function NoteComposer({ threadId }: { threadId: string }) {
  const t = useT("inbox");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const operators = useOperators();
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<Array<{ id: string; name: string }>>([]);
  const [highlight, setHighlight] = useState(0);

  const typing = mentionQuery(text, caret);
  const suggestions = useMemo(() => {
    if (!typing) return [];
    const query = typing.query.toLowerCase();
    return (operators.data ?? [])
      .filter((o) => o.name.toLowerCase().includes(query) || o.email.toLowerCase().startsWith(query))
      .slice(0, 8);
  }, [typing, operators.data]);

  const save = useMutation({
    mutationFn: (body: { text: string; mentions: string[] }) =>
      createNote(threadId, body.text, body.mentions),
    onSuccess: (note) => {
      setText("");
      setPicked([]);
      queryClient.setQueryData<ThreadNote[]>(notesKeys.thread(threadId), (old) =>
        old ? mergeNote(old, note) : [note],
      );
    },
  });

  const submit = () => {
    const body = text.trim();
    if (!body || save.isPending) return;
    save.mutate({ text: body, mentions: mentionedIds(body, picked) });
  };

  const choose = (operator: Operator) => {
    if (!typing) return;
    const next = insertMention(text, typing, operator.name);
    setText(next.text);
    setCaret(next.caret);
    setPicked((old) => [...old, { id: operator.id, name: operator.name }]);
    setHighlight(0);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        <Textarea
          ref={input}
          className={classes.noteInput}
          data-testid="note-input"
          aria-label={t("notes.inputLabel")}
          placeholder={t("notes.placeholder")}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={NOTE_TEXT_MAX}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
            setHighlight(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={(event) => {
            if (suggestions.length > 0) {
              if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                event.preventDefault();
                const step = event.key === "ArrowDown" ? 1 : -1;
                setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
                return;
              }
              if (event.key === "Enter" && !event.ctrlKey && !event.metaKey) {
                event.preventDefault();
                choose(suggestions[Math.min(highlight, suggestions.length - 1)]!);
                return;
              }
            }
            if (isSendShortcut(event)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        {suggestions.length > 0 ? (
          <div className={classes.picker} role="listbox" aria-label={t("notes.mentionPicker")}>
            {suggestions.map((operator, index) => (
              <UnstyledButton
                key={operator.id}
                role="option"
                aria-selected={index === highlight}
                data-testid="mention-option"
                display="block"
                w="100%"
                px="xs"
                py={4}
                bg={index === highlight ? "var(--mantine-color-default-hover)" : undefined}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(operator)}
              >
                <Text size="sm">
                  {operator.name}{" "}
                  <Text span size="xs" c="dimmed">
                    {operator.email}
                  </Text>
                </Text>
              </UnstyledButton>
            ))}
          </div>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <IconLock size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {t("notes.onlyTeam")}
            </Text>
          </Group>
          <Button
            type="submit"
            color="yellow"
            data-testid="note-save"
            disabled={!text.trim()}
            loading={save.isPending}
          >
            {t("notes.save")}
          </Button>
        </Group>
        {save.isError ? (
          <Alert color="red" p="xs" role="alert">
            {errorText(save.error)}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

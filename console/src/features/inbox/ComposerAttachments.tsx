import { ActionIcon, Badge, Button, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconX } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { ACCEPT, attachmentProblem, MAX_ATTACHMENTS, uploadAttachment } from "./attachments";
import type { MessageFile } from "./types";

/** A file being attached: uploading (with its progress), uploaded, or refused. */
export interface AttachmentDraft {
  key: number;
  name: string;
  /** 0–100 while uploading. */
  progress: number;
  uploaded?: MessageFile;
  error?: string;
}

/** The ids to send: the uploaded files, in the order they were picked. */
export const attachedIds = (drafts: readonly AttachmentDraft[]) =>
  drafts.flatMap((draft) => (draft.uploaded ? [draft.uploaded.id] : []));

export const uploading = (drafts: readonly AttachmentDraft[]) =>
  drafts.some((draft) => !draft.uploaded && !draft.error);

/**
 * "Attach" under the reply (docs/channels.md, "Files"): each picked file is checked first (type
 * and size, so a refusal shows before anything is sent), then uploaded to the thread with its
 * progress, and shown as a chip the operator can remove.
 */
export function ComposerAttachments({
  threadId,
  drafts,
  onChange,
  disabled,
}: {
  threadId: string;
  drafts: AttachmentDraft[];
  onChange: (update: (drafts: AttachmentDraft[]) => AttachmentDraft[]) => void;
  disabled: boolean;
}) {
  const t = useT("inbox");
  const errorText = useErrorText();
  const nextKey = useRef(0);
  const [resetKey, setResetKey] = useState(0);

  const patch = (key: number, change: Partial<AttachmentDraft>) =>
    onChange((list) => list.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));

  const pick = (files: File[]) => {
    setResetKey((value) => value + 1);
    const room = MAX_ATTACHMENTS - drafts.filter((draft) => !draft.error).length;
    for (const [index, file] of files.entries()) {
      const key = nextKey.current++;
      const problem = index >= room ? "max" : attachmentProblem(file);
      onChange((list) => [
        ...list,
        { key, name: file.name, progress: 0, ...(problem ? { error: t(`composer.files.${problem}`) } : {}) },
      ]);
      if (problem) continue;
      uploadAttachment(threadId, file, {
        onProgress: (loaded, total) =>
          patch(key, { progress: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
      }).then(
        (uploaded) => patch(key, { uploaded, progress: 100 }),
        (error: unknown) => patch(key, { error: errorText(error) }),
      );
    }
  };

  return (
    <Stack gap={4}>
      {drafts.length > 0 ? (
        <Group gap={6} data-testid="composer-attachments">
          {drafts.map((draft) => (
            <Badge
              key={draft.key}
              variant="light"
              color={draft.error ? "red" : draft.uploaded ? "blue" : "gray"}
              data-testid="composer-attachment"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={t("composer.files.remove", { name: draft.name })}
                  onClick={() => onChange((list) => list.filter((other) => other.key !== draft.key))}
                >
                  <IconX size={12} aria-hidden />
                </ActionIcon>
              }
            >
              {draft.name}
              {draft.error ? ` — ${draft.error}` : ""}
              {!draft.uploaded && !draft.error ? (
                <Progress
                  value={draft.progress}
                  size="xs"
                  w={60}
                  aria-label={t("composer.files.progress", { name: draft.name })}
                />
              ) : null}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Group gap="xs">
        <FileButton key={resetKey} onChange={pick} accept={ACCEPT} multiple disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              data-testid="composer-attach"
              disabled={disabled}
            >
              {t("composer.files.attach")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t("composer.files.hint")}
        </Text>
      </Group>
    </Stack>
  );
}

import { SegmentedControl, Stack } from "@mantine/core";
import { useState } from "react";
import { useT } from "../../i18n/I18nProvider";
import { Composer } from "./Composer";
import { NoteComposer } from "./NoteComposer";
import { TemplatePicker } from "./TemplatePicker";
import type { Thread } from "./types";
import { useChats } from "./useInboxLookups";

export type ComposerMode = "reply" | "note";

/** Which composer the open thread shows; a thread opens on "Reply" (ThreadView is keyed by thread). */
export function useComposerMode() {
  return useState<ComposerMode>("reply");
}

/**
 * The thread's composer with its "Reply / Private note" switch: a reply goes to the customer
 * (Composer), a note only to the team (NoteComposer; docs/console.md, "Private notes"). On a
 * WhatsApp thread whose 24-hour window is closed the reply is a template (TemplatePicker).
 */
export function ThreadComposer({ thread }: { thread: Thread }) {
  const t = useT("inbox");
  const [mode, setMode] = useComposerMode();
  // Only a WhatsApp thread past its window needs its integration (for the templates).
  const windowClosed = thread.reply_window?.open === false;
  const integrationId = useChats(windowClosed).byId.get(thread.chat_id)?.integration_id;
  const templateOnly = windowClosed && integrationId;
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        w="fit-content"
        data-testid="composer-mode"
        value={mode}
        onChange={(value) => setMode(value as ComposerMode)}
        data={[
          { value: "reply", label: t("notes.modeReply") },
          { value: "note", label: t("notes.modeNote") },
        ]}
        color={mode === "note" ? "yellow" : undefined}
      />
      {mode === "note" ? (
        <NoteComposer threadId={thread.id} />
      ) : templateOnly ? (
        <TemplatePicker thread={thread} integrationId={integrationId} />
      ) : (
        <Composer thread={thread} />
      )}
    </Stack>
  );
}

import { SegmentedControl, Stack } from "@mantine/core";
import { useState } from "react";
import { useT } from "../../i18n/I18nProvider";
import { Composer } from "./Composer";
import { NoteComposer } from "./NoteComposer";
import type { Thread } from "./types";

export type ComposerMode = "reply" | "note";

/** Which composer the open thread shows; a thread opens on "Reply" (ThreadView is keyed by thread). */
export function useComposerMode() {
  return useState<ComposerMode>("reply");
}

/**
 * The thread's composer with its "Reply / Private note" switch: a reply goes to the customer
 * (Composer), a note only to the team (NoteComposer; docs/console.md, "Private notes").
 */
export function ThreadComposer({ thread }: { thread: Thread }) {
  const t = useT("inbox");
  const [mode, setMode] = useComposerMode();
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
      {mode === "reply" ? <Composer thread={thread} /> : <NoteComposer threadId={thread.id} />}
    </Stack>
  );
}

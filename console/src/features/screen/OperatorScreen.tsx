import { useDisclosure } from "@mantine/hooks";
import { useMemo } from "react";
import { useOperatorId } from "../../auth/SessionProvider";
import type { InboxFilters } from "../inbox/filters";
import { useThreadList } from "../inbox/useThreadList";
import { ScreenToolbar } from "./ScreenToolbar";
import { ShortcutsHelp } from "./ShortcutsHelp";
import { useInboxNotifications } from "./useInboxNotifications";
import { useInboxShortcuts } from "./useInboxShortcuts";

/**
 * The operator's screen around the inbox (docs/console.md, "The operator's screen"): the
 * toolbar (alerts, CSV), keyboard shortcuts with their help, and alerts for new conversations
 * and my conversations' messages.
 */
export function OperatorScreen({
  filters,
  threadId,
  search,
}: {
  filters: InboxFilters;
  threadId: string | null;
  search: string;
}) {
  const meId = useOperatorId();
  const [helpOpen, help] = useDisclosure(false);
  // The list the panel shows (the same query: react-query shares it), for next / previous.
  const { threads } = useThreadList(filters);
  const ids = useMemo(() => threads.map((thread) => thread.id), [threads]);
  useInboxShortcuts({ ids, openThreadId: threadId, search, meId, onHelp: help.open });
  useInboxNotifications(threadId, meId);
  return (
    <>
      <ScreenToolbar filters={filters} onHelp={help.open} />
      <ShortcutsHelp opened={helpOpen} onClose={help.close} />
    </>
  );
}

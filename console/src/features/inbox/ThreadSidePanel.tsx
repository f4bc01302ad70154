import { Tabs } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useT } from "../../i18n/I18nProvider";
import { ThreadLabelsPicker } from "../labels/LabelsPicker";
import { ThreadTeamControl } from "../routing/ThreadTeamControl";
import { MemoryPanel } from "./MemoryPanel";
import { PersonDetails } from "./PersonDetails";
import { storeThread } from "./thread-cache";
import type { ThreadDetail } from "./types";

/** Who the conversation is with and its labels, and what the AI keeps in working memory. */
export function ThreadSidePanel({ thread }: { thread: ThreadDetail }) {
  const t = useT("inbox");
  const queryClient = useQueryClient();
  return (
    <Tabs defaultValue="person" keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="person">{t("side.person")}</Tabs.Tab>
        <Tabs.Tab value="memory">{t("side.memory")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="person" pt="sm">
        <ThreadLabelsPicker threadId={thread.id} labels={thread.labels ?? []} />
        <ThreadTeamControl thread={thread} onMoved={(moved) => storeThread(queryClient, moved)} />
        <PersonDetails thread={thread} />
      </Tabs.Panel>
      <Tabs.Panel value="memory" pt="sm">
        <MemoryPanel threadId={thread.id} />
      </Tabs.Panel>
    </Tabs>
  );
}

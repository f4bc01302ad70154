import { Tabs } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { ThreadLabelsPicker } from "../labels/ThreadLabelsPicker";
import { MemoryPanel } from "./MemoryPanel";
import { PersonDetails } from "./PersonDetails";
import type { ThreadDetail } from "./types";

/** Who the conversation is with and its labels, and what the AI keeps in working memory. */
export function ThreadSidePanel({ thread }: { thread: ThreadDetail }) {
  const t = useT("inbox");
  return (
    <Tabs defaultValue="person" keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="person">{t("side.person")}</Tabs.Tab>
        <Tabs.Tab value="memory">{t("side.memory")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="person" pt="sm">
        <ThreadLabelsPicker threadId={thread.id} labels={thread.labels ?? []} />
        <PersonDetails thread={thread} />
      </Tabs.Panel>
      <Tabs.Panel value="memory" pt="sm">
        <MemoryPanel threadId={thread.id} />
      </Tabs.Panel>
    </Tabs>
  );
}

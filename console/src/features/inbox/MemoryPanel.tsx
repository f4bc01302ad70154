import { Code, Text } from "@mantine/core";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import classes from "./thread.module.css";
import { useMemory } from "./useThread";

/** The thread's working memory: the Markdown block the AI keeps across turns. */
export function MemoryPanel({ threadId }: { threadId: string }) {
  const t = useT("inbox");
  const memory = useMemory(threadId);
  return (
    <QueryState query={memory}>
      {(data) =>
        data.content?.trim() ? (
          <Code block className={classes.pre} style={{ maxHeight: "none" }}>
            {data.content}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            {t("side.memoryEmpty")}
          </Text>
        )
      }
    </QueryState>
  );
}

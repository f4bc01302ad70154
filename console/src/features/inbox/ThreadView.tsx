import { Button, Drawer } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { ExportMenu } from "../screen/ExportMenu";
import { LiveReply } from "../screen/LiveReply";
import { ApprovalsPanel } from "./ApprovalsPanel";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { ThreadHeader } from "./ThreadHeader";
import { ThreadSidePanel } from "./ThreadSidePanel";
import classes from "./thread.module.css";
import { useConversationNamer } from "./useConversationName";
import { useThreadDetail } from "./useThread";
import { useThreadLive } from "./useThreadLive";

/**
 * One conversation (route /inbox/:threadId): header with the mode and the operator's actions,
 * the messages, pending tool approvals, the reply composer; the person and working memory in
 * a side column (a drawer on narrower screens).
 */
export function ThreadView({ threadId, backSearch }: { threadId: string; backSearch: string }) {
  const t = useT("inbox");
  const name = useConversationNamer();
  const detail = useThreadDetail(threadId);
  const [detailsOpen, details] = useDisclosure(false);
  useThreadLive(threadId);

  return (
    <div className={classes.thread}>
      {detail.isError ? (
        // On a phone the list is hidden behind the thread: keep a way back when it failed to load.
        <Button
          component={Link}
          to={{ pathname: "/inbox", search: backSearch }}
          variant="subtle"
          hiddenFrom="md"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          mb="sm"
          w="fit-content"
        >
          {t("thread.back")}
        </Button>
      ) : null}
      <QueryState query={detail}>
        {(thread) => (
          <>
            <ThreadHeader thread={thread} backSearch={backSearch} onOpenDetails={details.open} />
            <ExportMenu threadId={threadId} />
            <div className={classes.body}>
              <div className={classes.conversation}>
                <MessageList thread={thread} personName={name(thread).who} />
                <LiveReply threadId={threadId} />
                <ApprovalsPanel threadId={threadId} />
                <Composer thread={thread} />
              </div>
              <aside className={classes.side} aria-label={t("side.label")}>
                <ThreadSidePanel thread={thread} />
              </aside>
            </div>
            <Drawer
              opened={detailsOpen}
              onClose={details.close}
              position="right"
              title={t("side.label")}
              size="sm"
              hiddenFrom="xl"
            >
              <ThreadSidePanel thread={thread} />
            </Drawer>
          </>
        )}
      </QueryState>
    </div>
  );
}

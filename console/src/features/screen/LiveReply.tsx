import { Box, Loader, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { useT } from "../../i18n/I18nProvider";
import classes from "../inbox/thread.module.css";
import { replyDrafts } from "./reply-draft";

/**
 * The bot's reply while it is written, as a bubble under the conversation ("typing…"); it goes
 * when the stored reply arrives (docs/console.md, "The operator's screen").
 */
export function LiveReply({ threadId }: { threadId: string }) {
  const t = useT("screen");
  const draft = useSyncExternalStore(replyDrafts.subscribe, () => replyDrafts.get(threadId));
  if (!draft) return null;
  return (
    <div className={classes.messageRow} data-side="right">
      <Box className={classes.bubble} data-testid="live-reply" data-author="bot" aria-live="polite">
        <Text size="xs" fw={600} c="dimmed">
          {t("live.writing")} <Loader size={10} type="dots" />
        </Text>
        <Text size="sm" className={classes.text}>
          {draft.partial ? "… " : ""}
          {draft.text}
        </Text>
      </Box>
    </div>
  );
}

import { Badge, Group, Text, Tooltip, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconMessageCircle, IconRobot } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { markdownToPlainText } from "../../components/markdown-plain";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { LabelChips } from "../labels/LabelChips";
import { formatActivity } from "./activity-time";
import classes from "./inbox.module.css";
import { ModeBadge } from "./ModeBadge";
import type { ThreadListItem } from "./types";
import { useConversationNamer } from "./useConversationName";

/**
 * One conversation in the list: a link to it that keeps the list's filters. Named as the thread
 * header names it (conversation-name.ts), with where it happens and which bot answers.
 */
export function ThreadRow({ thread, active }: { thread: ThreadListItem; active: boolean }) {
  const t = useT("inbox");
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const labels = useConversationNamer()(thread);
  const preview = thread.last_message;
  const when = thread.last_message_at ?? thread.created_at;

  return (
    <UnstyledButton
      component={Link}
      to={{ pathname: `/inbox/${encodeURIComponent(thread.id)}`, search: params.toString() }}
      className={classes.row}
      data-active={active ? "true" : "false"}
      aria-current={active ? "page" : undefined}
      data-testid="thread-row"
      data-thread-id={thread.id}
    >
      {/* The name has the row's whole width; the time sits with the channel and the bot below. */}
      <Text
        size="sm"
        fw={thread.pending_count > 0 ? 700 : 500}
        truncate="end"
        title={labels.name}
        data-testid="thread-name"
      >
        {labels.name}
      </Text>
      <Group gap={6} wrap="nowrap" h={18} mt={2} c="dimmed" miw={0}>
        <Group
          gap={3}
          wrap="nowrap"
          miw={0}
          style={{ flexShrink: 1 }}
          title={labels.chat ? `${labels.channel} · ${labels.chat}` : labels.channel}
          data-testid="thread-channel"
        >
          <IconMessageCircle size={13} aria-hidden style={{ flexShrink: 0 }} />
          <VisuallyHidden>{t("list.channel")}</VisuallyHidden>
          <Text size="xs" truncate="end">
            {labels.channel}
          </Text>
        </Group>
        <Group gap={3} wrap="nowrap" miw={0} style={{ flexShrink: 1 }} data-testid="thread-bot">
          <IconRobot size={13} aria-hidden style={{ flexShrink: 0 }} />
          <VisuallyHidden>{t("list.bot")}</VisuallyHidden>
          <Text size="xs" truncate="end">
            {labels.bot ?? t("list.noBot")}
          </Text>
        </Group>
        <Text size="xs" component="time" dateTime={when} ml="auto" style={{ flexShrink: 0 }}>
          {formatActivity(when, new Date(), language)}
        </Text>
      </Group>
      {/* One line, always there: new messages change its text, not the row's height. */}
      <Text size="xs" c="dimmed" truncate="end" h={18} mt={2} data-testid="thread-preview">
        {preview
          ? preview.author === "user"
            ? preview.content
            : `${t(`list.author.${preview.author}`)}: ${markdownToPlainText(preview.content)}`
          : ""}
      </Text>
      {/* Fixed height: the pending badge comes and goes without moving the rows below. */}
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4} h={20}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <ModeBadge mode={thread.mode} size="xs" />
          <Text size="xs" c="dimmed" truncate="end">
            {thread.assignee ? thread.assignee.name : t("list.unassigned")}
          </Text>
          <LabelChips names={thread.labels} max={2} />
        </Group>
        {thread.pending_count > 0 ? (
          <Tooltip label={t("list.pending", { n: thread.pending_count })} multiline w={260} withArrow>
            <Badge
              size="sm"
              color="red"
              data-testid="thread-pending"
              aria-label={t("list.pending", { n: thread.pending_count })}
              style={{ flexShrink: 0 }}
            >
              {t("list.pendingShort", { n: thread.pending_count })}
            </Badge>
          </Tooltip>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

import { ActionIcon, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconLayoutSidebarRight } from "@tabler/icons-react";
import { Link } from "react-router";
import { useT } from "../../i18n/I18nProvider";
import { LabelChips } from "../labels/LabelChips";
import { AssignControl } from "./AssignControl";
import { CsatBadge } from "./CsatBadge";
import { ModeActions } from "./ModeActions";
import { ModeBadge } from "./ModeBadge";
import { StatusActions } from "./StatusActions";
import { StatusBadge } from "./StatusBadge";
import type { ThreadDetail } from "./types";
import { useConversationNamer } from "./useConversationName";

export function ThreadHeader(props: { thread: ThreadDetail; backSearch: string; onOpenDetails(): void }) {
  const t = useT("inbox");
  const { thread } = props;
  const labels = useConversationNamer()(thread);
  // The name as the list row shows it; then where, which chat, which bot, and the thread's own title.
  const subtitle = [
    labels.channel,
    labels.chat && labels.chat !== labels.channel ? t("name.chat", { name: labels.chat }) : null,
    labels.bot ? t("name.bot", { name: labels.bot }) : null,
    thread.title?.trim() || null,
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <Stack gap="xs" pb="xs" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      {/* The mode and Details move under the name when both do not fit on one line (phones). */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: "1 1 240px" }}>
          <ActionIcon
            component={Link}
            to={{ pathname: "/inbox", search: props.backSearch }}
            variant="subtle"
            hiddenFrom="md"
            aria-label={t("thread.back")}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Stack gap={0} miw={0}>
            <Title order={2} size="h4" lineClamp={2} title={labels.name} data-testid="thread-name">
              {labels.name}
            </Title>
            {subtitle ? (
              <Text size="xs" c="dimmed" truncate="end" title={subtitle} data-testid="thread-subtitle">
                {subtitle}
              </Text>
            ) : null}
            <LabelChips names={thread.labels} />
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <CsatBadge threadId={thread.id} version={`${thread.status}:${thread.last_message_at ?? ""}`} />
          <StatusBadge status={thread.status} data-testid="thread-status" />
          <ModeBadge mode={thread.mode} data-testid="thread-mode" />
          <Button
            variant="subtle"
            size="compact-sm"
            hiddenFrom="xl"
            leftSection={<IconLayoutSidebarRight size={16} aria-hidden />}
            onClick={props.onOpenDetails}
          >
            {t("thread.details")}
          </Button>
        </Group>
      </Group>
      <Group gap="xs" justify="space-between">
        <ModeActions thread={thread} />
        <AssignControl thread={thread} />
      </Group>
      <StatusActions thread={thread} />
    </Stack>
  );
}

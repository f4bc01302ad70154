import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconAt } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { formatActivity } from "./activity-time";
import { markMentionsRead, type NoteMention, notesKeys } from "./notes";
import { useMentions } from "./useNotes";

/**
 * Notes that mention the signed-in operator (docs/console.md, "Private notes"): the count of
 * unread ones, and a list, unread first; choosing one opens its thread and marks it read.
 */
export function MentionsBell() {
  const t = useT("inbox");
  const { language } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mentions = useMentions();
  const [opened, setOpened] = useState(false);
  const markRead = useMutation({
    mutationFn: markMentionsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKeys.mentions }),
  });
  const unread = mentions.data?.unread_count ?? 0;
  const list = mentions.data?.data ?? [];

  const open = (mention: NoteMention) => {
    setOpened(false);
    if (!mention.read_at) markRead.mutate({ ids: [mention.id] });
    navigate(`/inbox/${encodeURIComponent(mention.thread_id)}`);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md">
      <Popover.Target>
        <Indicator label={unread} size={16} disabled={unread === 0} data-testid="mentions-count">
          <ActionIcon
            variant="subtle"
            aria-label={t("notes.mentions", { count: unread })}
            onClick={() => setOpened((o) => !o)}
            data-testid="mentions-button"
          >
            <IconAt size={18} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={600}>
            {t("notes.mentionsTitle")}
          </Text>
          {unread > 0 ? (
            <Button size="compact-xs" variant="subtle" onClick={() => markRead.mutate({ all: true })}>
              {t("notes.markAllRead")}
            </Button>
          ) : null}
        </Group>
        {list.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t("notes.noMentions")}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={2}>
              {list.map((mention) => (
                <UnstyledButton
                  key={mention.id}
                  data-testid="mention-item"
                  data-unread={mention.read_at ? "false" : "true"}
                  onClick={() => open(mention)}
                  px={6}
                  py={4}
                  bg={mention.read_at ? undefined : "var(--mantine-color-yellow-light)"}
                  style={{ borderRadius: "var(--mantine-radius-sm)" }}
                >
                  <Text size="xs" fw={mention.read_at ? 400 : 600}>
                    {mention.note.author.name ?? t("notes.apiKey")} ·{" "}
                    {formatActivity(mention.created_at, new Date(), language)}
                  </Text>
                  <Text size="xs" lineClamp={2}>
                    {mention.note.text}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

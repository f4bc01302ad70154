import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { useChannelNamer } from "../inbox/useConversationName";
import { contactKeys, listContactThreads } from "./api";

/** A contact's conversations in every channel, newest activity first, each opening in the inbox. */
export function ContactThreadsList({ contactId }: { contactId: string }) {
  const t = useT("contacts");
  const formatters = useFormatters();
  const channelName = useChannelNamer();
  const query = useInfiniteQuery({
    queryKey: contactKeys.threads(contactId),
    queryFn: ({ pageParam }) => listContactThreads(contactId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  return (
    <QueryState query={query}>
      {(data) => {
        const threads = data.pages.flatMap((page) => page.data);
        if (threads.length === 0) {
          return (
            <Text size="sm" c="dimmed">
              {t("threads.empty")}
            </Text>
          );
        }
        return (
          <Stack gap="xs" data-testid="contact-threads">
            {threads.map((thread) => (
              <Group key={thread.id} justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Anchor
                    component={Link}
                    to={`/inbox/${encodeURIComponent(thread.id)}`}
                    title={t("threads.open")}
                    truncate="end"
                  >
                    {thread.title ?? t("threads.untitled", { id: thread.id })}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {thread.chat_name ?? thread.chat_id} ·{" "}
                    {formatters.dateTime(thread.last_message_at ?? thread.created_at)}
                  </Text>
                </Stack>
                <Badge size="sm" variant="outline" style={{ flexShrink: 0 }}>
                  {channelName(thread, {
                    ...(thread.channel ? { vendor: thread.channel } : {}),
                    ...(thread.chat_name ? { name: thread.chat_name } : {}),
                  })}
                </Badge>
              </Group>
            ))}
            <LoadMoreButton query={query} />
          </Stack>
        );
      }}
    </QueryState>
  );
}

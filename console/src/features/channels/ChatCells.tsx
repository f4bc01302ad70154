import { Anchor, Box, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { useFormatters } from "../../i18n/I18nProvider";
import type { Chat } from "./api";
import { ChatStatusSwitch } from "./ChatStatusSwitch";
import { ChatStatusBadge } from "./StatusBadges";

/** The cells every chat table shares: its bot (a link), its on/off switch with status, its traffic. */
export function ChatCells({ chat, botName }: { chat: Chat; botName: string }) {
  const format = useFormatters();
  return (
    <>
      <Table.Td>
        <Anchor component={Link} to={`/bots/${chat.bot_id}`} size="sm">
          {botName}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <ChatStatusSwitch chat={chat} />
          {/* On a phone the switch says on/off by itself; an error still shows in words. */}
          <Box visibleFrom={chat.status === "error" ? undefined : "sm"}>
            <ChatStatusBadge status={chat.status} />
          </Box>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{format.number(chat.events_24h)}</Text>
      </Table.Td>
    </>
  );
}

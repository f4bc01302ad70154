import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, QueryState } from "../../components/QueryState";
import { type Chat, channelKeys, type Integration, listAllChats } from "./api";
import { ChatCells } from "./ChatCells";
import { useBots } from "./useBots";
import { useChannelWords } from "./useChannelWords";

/** Every chat of the project at a glance: where it is, which bot answers, whether it is on. */
export function AllChatsSection({ integrations }: { integrations: Integration[] }) {
  const { t } = useChannelWords();
  const chats = useQuery({ queryKey: channelKeys.allChats, queryFn: listAllChats });
  const bots = useBots();
  const integrationById = new Map(integrations.map((i) => [i.id, i]));
  const botName = (id: string) => bots.data?.find((b) => b.id === id)?.name ?? id;

  return (
    <Stack gap="sm" component="section" aria-labelledby="all-chats-title">
      <Title order={3} id="all-chats-title">
        {t("allChats.title")}
      </Title>
      <QueryState query={chats}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("allChats.emptyTitle")} hint={t("allChats.emptyHint")} />
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("chats.name")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("chats.integration")}</Table.Th>
                    <Table.Th>{t("chats.bot")}</Table.Th>
                    <Table.Th>{t("chats.status")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("chats.events24h")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((chat) => {
                    const integration = chat.integration_id
                      ? integrationById.get(chat.integration_id)
                      : undefined;
                    return (
                      <Table.Tr key={chat.id} data-testid="chat-row" data-chat-id={chat.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {chat.name}
                          </Text>
                          {/* On a phone the channel goes under the chat's name instead of its own column. */}
                          <ChannelOfChat chat={chat} integration={integration} hiddenFrom="sm" />
                        </Table.Td>
                        <Table.Td visibleFrom="sm">
                          <ChannelOfChat chat={chat} integration={integration} />
                        </Table.Td>
                        <ChatCells chat={chat} botName={botName(chat.bot_id)} />
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  );
}

function ChannelOfChat(props: { chat: Chat; integration: Integration | undefined; hiddenFrom?: "sm" }) {
  const { t } = useChannelWords();
  if (!props.chat.integration_id) {
    return (
      <Text size="sm" c="dimmed" hiddenFrom={props.hiddenFrom}>
        {t("chats.noIntegration")}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={`/channels/${props.chat.integration_id}`}
      size="sm"
      display="block"
      hiddenFrom={props.hiddenFrom}
    >
      {props.integration?.name ?? props.chat.integration_id}
    </Anchor>
  );
}

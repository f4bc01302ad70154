import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { EmptyState, QueryState } from "../../components/QueryState";
import { WidgetSettingsButton } from "../widget/WidgetSettingsButton";
import { channelKeys, listIntegrationChats } from "./api";
import { ChatCells } from "./ChatCells";
import { ChatFormModal } from "./ChatFormModal";
import { ChatRowActions } from "./ChatRowActions";
import { useBots } from "./useBots";
import { useChannelWords } from "./useChannelWords";

/** The integration's chats: which bot answers in each, on/off, edit, delete; and "Create chat". */
export function IntegrationChatsSection({ integrationId }: { integrationId: string }) {
  const { t } = useChannelWords();
  const chats = useQuery({
    queryKey: channelKeys.integrationChats(integrationId),
    queryFn: () => listIntegrationChats(integrationId),
  });
  const bots = useBots();
  const botName = (id: string) => bots.data?.find((b) => b.id === id)?.name ?? id;
  const [createOpen, creating] = useDisclosure(false);

  return (
    <Stack gap="sm" component="section" aria-labelledby="integration-chats-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={3} id="integration-chats-title">
          {t("chats.title")}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={creating.open} data-testid="create-chat-button">
          {t("chats.create")}
        </Button>
      </Group>
      <QueryState query={chats}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title={t("chats.emptyTitle")}
              hint={t("chats.emptyHint")}
              action={
                <Button variant="light" onClick={creating.open}>
                  {t("chats.createFirst")}
                </Button>
              }
            />
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("chats.name")}</Table.Th>
                    <Table.Th>{t("chats.bot")}</Table.Th>
                    <Table.Th>{t("chats.status")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("chats.events24h")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((chat) => (
                    <Table.Tr key={chat.id} data-testid="chat-row" data-chat-id={chat.id}>
                      <Table.Td>
                        {/* The chat's actions sit with its name, so the table stays phone-wide: edit
                            and delete beside it, the widget channel's next step (admins) below. */}
                        <Stack gap={4} align="flex-start">
                          <Group gap="xs" wrap="nowrap">
                            <Text size="sm" fw={500}>
                              {chat.name}
                            </Text>
                            <ChatRowActions integrationId={integrationId} chat={chat} />
                          </Group>
                          <WidgetSettingsButton integrationId={integrationId} chat={chat} />
                        </Stack>
                      </Table.Td>
                      <ChatCells chat={chat} botName={botName(chat.bot_id)} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <ChatFormModal integrationId={integrationId} opened={createOpen} onClose={creating.close} />
    </Stack>
  );
}

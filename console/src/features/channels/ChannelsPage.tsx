import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { EmptyState, QueryState } from "../../components/QueryState";
import { AllChatsSection } from "./AllChatsSection";
import { channelKeys, listIntegrations } from "./api";
import { ConnectChannelModal } from "./ConnectChannelModal";
import { IntegrationsTable } from "./IntegrationsTable";
import { useChannelWords } from "./useChannelWords";

/** /channels: the project's integrations (vendor accounts) and, below, every chat. */
export function ChannelsPage() {
  const { t } = useChannelWords();
  const integrations = useQuery({ queryKey: channelKeys.integrations, queryFn: listIntegrations });
  const [connecting, connect] = useDisclosure(false);

  const connectButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={connect.open} data-testid="connect-channel-button">
      {t("connect.button")}
    </Button>
  );

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="integrations-title">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} id="integrations-title">
              {t("title")}
            </Title>
            <Text c="dimmed" size="sm">
              {t("subtitle")}
            </Text>
          </div>
          {connectButton}
        </Group>
        <QueryState query={integrations}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                title={t("empty.title")}
                hint={t("empty.hint")}
                action={
                  <Button variant="light" onClick={connect.open}>
                    {t("empty.action")}
                  </Button>
                }
              />
            ) : (
              <IntegrationsTable integrations={list} />
            )
          }
        </QueryState>
      </Stack>
      {integrations.data && <AllChatsSection integrations={integrations.data} />}
      <ConnectChannelModal opened={connecting} onClose={connect.close} />
    </Stack>
  );
}

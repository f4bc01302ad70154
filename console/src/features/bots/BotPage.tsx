import { Anchor, Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { useSignedIn } from "../../auth/SessionProvider";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { BotActionsMenu } from "./BotActionsMenu";
import { BotSettingsEditor } from "./BotSettingsEditor";
import { BotStatusBadge } from "./BotStatusBadge";
import { botKeys, getBot, getBotSettings, listModels } from "./bots-api";
import { DeleteBotModal } from "./DeleteBotModal";
import { catalogRefetchInterval } from "./model-catalog";
import { TryItPanel } from "./TryItPanel";
import { useBotActions } from "./use-bot-actions";

/** /bots/:botId: the settings editor beside the "Try it" chat (stacked on narrow screens). */
export function BotPage() {
  const t = useT("bots");
  const tc = useT("common");
  const { botId = "" } = useParams();
  // Operators may read bots but not change them (or open the Console channel "Try it" needs).
  const canManage = useSignedIn().role === "admin";
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const { toggle } = useBotActions();
  const bot = useQuery({ queryKey: botKeys.bot(botId), queryFn: () => getBot(botId) });
  const settings = useQuery({
    queryKey: botKeys.settings(botId),
    queryFn: () => getBotSettings(botId),
    staleTime: 60_000,
  });
  const models = useQuery({
    queryKey: botKeys.models,
    queryFn: listModels,
    staleTime: 5 * 60_000,
    refetchInterval: (query) => catalogRefetchInterval(query.state.data),
  });

  const back = (
    <Anchor component={Link} to="/bots" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} />
        {t("page.back")}
      </Group>
    </Anchor>
  );

  if (bot.error instanceof ApiError && bot.error.status === 404) {
    return (
      <Stack>
        {back}
        <EmptyState
          title={tc("state.notFound")}
          hint={t("page.notFoundHint")}
          action={
            <Button component={Link} to="/bots" variant="light">
              {t("page.toList")}
            </Button>
          }
        />
      </Stack>
    );
  }

  return (
    <QueryState query={bot}>
      {(current) => (
        <Stack gap="md">
          {back}
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="sm" wrap="wrap">
                <Title order={2} style={{ overflowWrap: "anywhere" }}>
                  {current.name}
                </Title>
                <BotStatusBadge status={current.status} />
              </Group>
              {current.description && (
                <Text size="sm" c="dimmed">
                  {current.description}
                </Text>
              )}
            </Stack>
            {canManage && (
              <Group gap="xs">
                <Button variant="default" loading={toggle.isPending} onClick={() => toggle.mutate(current)}>
                  {current.status === "active" ? t("actions.disable") : t("actions.enable")}
                </Button>
                <BotActionsMenu bot={current} onDelete={() => setDeleting(true)} />
              </Group>
            )}
          </Group>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <QueryState query={settings}>
                {(document) => (
                  <QueryState query={models}>
                    {(catalog) => (
                      <BotSettingsEditor
                        key={current.id}
                        bot={current}
                        settings={document}
                        models={catalog}
                      />
                    )}
                  </QueryState>
                )}
              </QueryState>
            </Grid.Col>
            {canManage && (
              <Grid.Col span={{ base: 12, lg: 5 }}>
                <div style={{ position: "sticky", top: "calc(var(--app-shell-header-height, 52px) + 16px)" }}>
                  <TryItPanel key={current.id} bot={current} />
                </div>
              </Grid.Col>
            )}
          </Grid>
          <DeleteBotModal
            bot={deleting ? current : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => void navigate("/bots")}
          />
        </Stack>
      )}
    </QueryState>
  );
}

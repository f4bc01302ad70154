import { Anchor, Button, Grid, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useReducer, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { useSignedIn } from "../../auth/SessionProvider";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { EvalsTab } from "../evals/EvalsTab";
import { getDraft } from "../versions/api";
import { DraftBar } from "../versions/DraftBar";
import { VersionsTab } from "../versions/VersionsTab";
import { BotActionsMenu } from "./BotActionsMenu";
import { BotSettingsEditor } from "./BotSettingsEditor";
import { BotStatusBadge } from "./BotStatusBadge";
import { botKeys, getBot, listModels } from "./bots-api";
import { DeleteBotModal } from "./DeleteBotModal";
import { catalogRefetchInterval } from "./model-catalog";
import { TryItPanel } from "./TryItPanel";
import { useBotActions } from "./use-bot-actions";

const TABS = ["settings", "versions", "evals"] as const;
type Tab = (typeof TABS)[number];

/**
 * /bots/:botId: the draft bar (docs/quality.md, "Versions and evaluations in the console"), then
 * three tabs, kept in the URL (`?tab=`): the settings editor beside the "Try it" chat (stacked on
 * narrow screens), the versions, the evaluations.
 */
export function BotPage() {
  const t = useT("bots");
  const tc = useT("common");
  const { botId = "" } = useParams();
  // Operators may read bots but not change them (or open the Console channel "Try it" needs).
  const canManage = useSignedIn().role === "admin";
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const { toggle } = useBotActions();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get("tab") ?? "")
    ? (params.get("tab") as Tab)
    : "settings";
  // The editor starts again from the draft's settings when they were replaced elsewhere
  // (published, discarded, rolled back); its own saves keep its state.
  const [editorEpoch, bumpEditor] = useReducer((n: number) => n + 1, 0);
  const queryClient = useQueryClient();
  const restartEditor = () =>
    void queryClient.refetchQueries({ queryKey: botKeys.draft(botId), exact: true }).then(bumpEditor);
  const [editorDirty, setEditorDirty] = useState(false);
  const bot = useQuery({ queryKey: botKeys.bot(botId), queryFn: () => getBot(botId) });
  const draft = useQuery({ queryKey: botKeys.draft(botId), queryFn: () => getDraft(botId) });
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
          <QueryState query={draft}>
            {(currentDraft) => (
              <>
                {canManage && (
                  <DraftBar
                    bot={current}
                    draft={currentDraft}
                    editorDirty={editorDirty}
                    onReplaced={restartEditor}
                  />
                )}
                <Tabs
                  value={tab}
                  onChange={(value) => setParams(value && value !== "settings" ? { tab: value } : {})}
                >
                  <Tabs.List>
                    <Tabs.Tab value="settings" data-testid="tab-settings">
                      {t("page.tabSettings")}
                    </Tabs.Tab>
                    {canManage && (
                      <Tabs.Tab value="versions" data-testid="tab-versions">
                        {t("page.tabVersions")}
                      </Tabs.Tab>
                    )}
                    {canManage && (
                      <Tabs.Tab value="evals" data-testid="tab-evals">
                        {t("page.tabEvals")}
                      </Tabs.Tab>
                    )}
                  </Tabs.List>
                  <Tabs.Panel value="settings" pt="md">
                    <Grid gap="lg">
                      <Grid.Col span={{ base: 12, lg: 7 }}>
                        <QueryState query={models}>
                          {(catalog) => (
                            <BotSettingsEditor
                              key={`${current.id}:${editorEpoch}`}
                              bot={current}
                              settings={currentDraft.settings}
                              models={catalog}
                              onDirtyChange={setEditorDirty}
                            />
                          )}
                        </QueryState>
                      </Grid.Col>
                      {canManage && (
                        <Grid.Col span={{ base: 12, lg: 5 }}>
                          <div
                            style={{
                              position: "sticky",
                              top: "calc(var(--app-shell-header-height, 52px) + 16px)",
                            }}
                          >
                            <TryItPanel key={current.id} bot={current} />
                          </div>
                        </Grid.Col>
                      )}
                    </Grid>
                  </Tabs.Panel>
                  {canManage && (
                    <Tabs.Panel value="versions" pt="md">
                      <VersionsTab bot={current} onReplaced={restartEditor} />
                    </Tabs.Panel>
                  )}
                  {canManage && (
                    <Tabs.Panel value="evals" pt="md">
                      <QueryState query={models}>
                        {(catalog) => <EvalsTab bot={current} draft={currentDraft} models={catalog} />}
                      </QueryState>
                    </Tabs.Panel>
                  )}
                </Tabs>
              </>
            )}
          </QueryState>
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

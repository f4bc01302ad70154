import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import type { Bot, CatalogModel } from "../bots/bots-api";
import { ModelSelect } from "../bots/ModelSelect";
import { type Draft, listVersions, type VersionRef, versionKeys } from "../versions/api";
import { type EvalRun, evalKeys, startRun } from "./api";

/** `"draft"`, `"published"` or a version number, as the select keeps it. */
export function parseVersionRef(value: string): VersionRef {
  return value === "draft" || value === "published" ? value : Number(value);
}

/**
 * Runs every case against a version (the draft, the published one or any number), with the
 * version's own model or another one, and optionally another judge for rubric expectations.
 */
export function RunForm(props: {
  bot: Bot;
  draft: Draft;
  models: readonly CatalogModel[];
  hasCases: boolean;
  onStarted(run: EvalRun): void;
}) {
  const { bot, draft } = props;
  const t = useT("evals");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [chosen, setVersion] = useState<string | null>(null);
  // Until one is picked: the draft when there is one (the API's default too); a draft published
  // or discarded meanwhile falls back to the published version.
  const version =
    chosen === "draft" && draft.version === null
      ? "published"
      : (chosen ?? (draft.version !== null ? "draft" : "published"));
  const [model, setModel] = useState<string | null>(null);
  const [judge, setJudge] = useState<string | null>(null);
  // The first page is enough for a picker; older versions can be typed into the search.
  const versions = useQuery({
    queryKey: [...versionKeys.list(bot.id), "picker"],
    queryFn: () => listVersions(bot.id, null, 100),
  });
  const options = [
    ...(draft.version !== null
      ? [{ value: "draft", label: t("run.draft", { version: draft.version }) }]
      : []),
    { value: "published", label: t("run.published", { version: bot.published_version ?? draft.based_on }) },
    ...(versions.data?.data ?? [])
      .filter((v) => v.state === "archived")
      .map((v) => ({ value: String(v.version), label: t("run.numbered", { version: v.version }) })),
  ];
  const ownModel =
    version === "draft" || (version === "published" && draft.version === null)
      ? draft.settings.ai.model.id
      : null;

  const start = useMutation({
    mutationFn: () =>
      startRun(bot.id, {
        version: parseVersionRef(version),
        ...(model ? { model } : {}),
        ...(judge ? { judge_model: judge } : {}),
      }),
    onSuccess: (run) => {
      void queryClient.invalidateQueries({ queryKey: evalKeys.runs(bot.id) });
      notifications.show({ color: "green", message: t("run.started", { version: run.version }) });
      props.onStarted(run);
    },
  });

  return (
    <Paper withBorder p="sm" data-testid="run-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={4}>{t("run.title")}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t("run.version")}
              data={options}
              value={version}
              allowDeselect={false}
              onChange={(value) => value && setVersion(value)}
              data-testid="run-version"
            />
            <ModelSelect
              models={props.models}
              value={model}
              onChange={setModel}
              onClear={() => setModel(null)}
              label={t("run.model")}
              placeholder={ownModel ? t("run.ownModelNamed", { model: ownModel }) : t("run.ownModel")}
              data-testid="run-model"
            />
            <ModelSelect
              models={props.models}
              value={judge}
              onChange={setJudge}
              onClear={() => setJudge(null)}
              label={t("run.judge")}
              placeholder={t("run.judgeDefault")}
              data-testid="run-judge"
            />
          </SimpleGrid>
          {model ? (
            <Text size="xs" c="dimmed">
              {t("run.otherModelHint")}
            </Text>
          ) : null}
          {start.error ? (
            <Alert color="red" role="alert">
              {errorText(start.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={start.isPending}
              disabled={!props.hasCases}
              data-testid="run-start"
            >
              {t("run.start")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

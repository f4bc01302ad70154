import { Alert, Anchor, Button, Group, Paper, Stack, Switch, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmModal } from "../../components/ConfirmModal";
import { useErrorText } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { type Bot, botKeys, updateBot } from "../bots/bots-api";
import { evalKeys, startRun } from "../evals/api";
import { RunBadge } from "../evals/RunBadge";
import { useBotRuns } from "../evals/use-runs";
import { type Draft, discardDraft, getVersion, publishVersion, versionKeys } from "./api";
import { draftEvaluation, publishBlock } from "./publish-gate";
import { useVersionErrorText } from "./use-version-error";

/**
 * Above the bot's tabs (docs/quality.md, "Versions and evaluations in the console"): whether the
 * saved settings differ from what customers get (the draft), the last evaluation run of exactly
 * the draft's settings beside **Publish**, **Discard draft**, and the bot's publish gate.
 * `onReplaced` is called when the draft's settings were replaced here (published or discarded),
 * so the editor starts again from them.
 */
export function DraftBar(props: {
  bot: Bot;
  draft: Draft;
  /** The editor holds unsaved edits: Publish would not include them. */
  editorDirty: boolean;
  onReplaced(): void;
}) {
  const { bot, draft } = props;
  const t = useT("versions");
  const errorText = useErrorText();
  const versionErrorText = useVersionErrorText();
  const { dateTime } = useFormatters();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<"publish" | "discard" | null>(null);
  const [note, setNote] = useState("");
  const requiresEvals = bot.publish_requires_evals === true;

  const draftVersion = useQuery({
    queryKey: versionKeys.one(bot.id, draft.version ?? 0),
    queryFn: () => getVersion(bot.id, draft.version!),
    enabled: draft.version !== null,
    staleTime: Number.POSITIVE_INFINITY, // versions never change
  });
  const runs = useBotRuns(bot.id);
  const settingsVersion = draftVersion.data?.settings_version;
  const model = draft.settings.ai.model.id;
  const evaluation =
    settingsVersion && runs.data ? draftEvaluation(runs.data.data, settingsVersion, model) : null;
  const block =
    settingsVersion && runs.data ? publishBlock(requiresEvals, runs.data.data, settingsVersion, model) : null;

  const refresh = (nextBot?: Bot) => {
    if (nextBot) queryClient.setQueryData(botKeys.bot(bot.id), nextBot);
    void queryClient.invalidateQueries({ queryKey: botKeys.bot(bot.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: botKeys.draft(bot.id) });
    void queryClient.invalidateQueries({ queryKey: versionKeys.all(bot.id) });
    void queryClient.invalidateQueries({ queryKey: botKeys.all, exact: true });
  };

  const publish = useMutation({
    mutationFn: () => publishVersion(bot.id, note.trim() ? { note: note.trim() } : {}),
    onSuccess: (result) => {
      refresh(result.bot);
      setConfirm(null);
      setNote("");
      props.onReplaced();
      notifications.show({
        color: "green",
        message: t("bar.published", { version: result.version.version }),
      });
    },
  });
  const discard = useMutation({
    mutationFn: () => discardDraft(bot.id),
    onSuccess: (next) => {
      queryClient.setQueryData(botKeys.draft(bot.id), next);
      refresh();
      setConfirm(null);
      props.onReplaced();
      notifications.show({ color: "green", message: t("bar.discarded") });
    },
  });
  const gate = useMutation({
    mutationFn: (on: boolean) => updateBot(bot.id, { publish_requires_evals: on }),
    onSuccess: (next) => {
      queryClient.setQueryData(botKeys.bot(bot.id), next);
      void queryClient.invalidateQueries({ queryKey: botKeys.all, exact: true });
    },
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });
  const run = useMutation({
    mutationFn: () => startRun(bot.id, { version: "draft" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: evalKeys.runs(bot.id) }),
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });

  const hasDraft = draft.version !== null;
  const publishDisabledReason = !hasDraft
    ? null
    : props.editorDirty
      ? t("bar.saveFirst")
      : block
        ? t(`bar.block.${block}`)
        : null;

  return (
    <Paper withBorder p="sm" data-testid="draft-bar" data-draft={hasDraft ? String(draft.version) : "none"}>
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap" align="center">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            {hasDraft ? (
              <>
                <Text size="sm" fw={600} c="orange.8" data-testid="draft-state">
                  {t("bar.draftBasedOn", { version: draft.version!, based: draft.based_on })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("bar.savedAt", { time: dateTime(draft.updated_at) })}
                </Text>
              </>
            ) : (
              <>
                <Text size="sm" fw={600} c="teal.8" data-testid="published-badge">
                  {t("bar.publishedBadge", { version: bot.published_version ?? draft.based_on })}
                </Text>
                <Text size="sm" c="dimmed" data-testid="draft-state">
                  {t("bar.noDraft")}
                </Text>
              </>
            )}
          </Group>
          {hasDraft ? (
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                size="sm"
                onClick={() => {
                  discard.reset();
                  setConfirm("discard");
                }}
                data-testid="discard-draft"
              >
                {t("bar.discard")}
              </Button>
              <Button
                size="sm"
                disabled={publishDisabledReason !== null}
                onClick={() => {
                  publish.reset();
                  setConfirm("publish");
                }}
                data-testid="publish-draft"
              >
                {t("bar.publish")}
              </Button>
            </Group>
          ) : null}
        </Group>
        {hasDraft ? (
          <Group
            gap="xs"
            wrap="wrap"
            data-testid="draft-evaluation"
            data-kind={evaluation?.kind ?? "loading"}
          >
            <Text size="sm" c="dimmed">
              {t("bar.evaluation")}
            </Text>
            {evaluation === null ? (
              <Text size="sm" c="dimmed">
                …
              </Text>
            ) : evaluation.kind === "none" ? (
              <Text size="sm">{t("bar.notEvaluated")}</Text>
            ) : (
              <Anchor
                component={Link}
                to={`?tab=evals&run=${encodeURIComponent(evaluation.run.id)}`}
                aria-label={t("bar.openRun")}
              >
                <RunBadge run={evaluation.run} />
              </Anchor>
            )}
            {evaluation && evaluation.kind !== "running" ? (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlayerPlay size={14} aria-hidden />}
                loading={run.isPending}
                onClick={() => run.mutate()}
                data-testid="run-draft-evals"
              >
                {t("bar.runEvals")}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {publishDisabledReason ? (
          <Text size="sm" c="orange.8" data-testid="publish-blocked">
            {publishDisabledReason}
          </Text>
        ) : null}
        <Switch
          size="sm"
          checked={requiresEvals}
          disabled={gate.isPending}
          onChange={(event) => gate.mutate(event.currentTarget.checked)}
          label={t("bar.requireEvals")}
          description={t("bar.requireEvalsHint")}
          data-testid="require-evals"
        />
      </Stack>
      <ConfirmModal
        opened={confirm === "publish"}
        title={t("bar.publishTitle", { version: draft.version ?? 0 })}
        confirmLabel={t("bar.publish")}
        color="blue"
        loading={publish.isPending}
        onConfirm={() => publish.mutate()}
        onClose={() => setConfirm(null)}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t("bar.publishBody", { version: draft.version ?? 0, current: draft.based_on })}
          </Text>
          <TextInput
            label={t("bar.note")}
            placeholder={t("bar.notePlaceholder")}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-testid="publish-note"
          />
          {publish.error ? (
            <Alert color="red" role="alert" data-testid="publish-error">
              {versionErrorText(publish.error)}
            </Alert>
          ) : null}
        </Stack>
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === "discard"}
        title={t("bar.discardTitle")}
        confirmLabel={t("bar.discard")}
        loading={discard.isPending}
        error={discard.error}
        onConfirm={() => discard.mutate()}
        onClose={() => setConfirm(null)}
      >
        {t("bar.discardBody", { version: draft.version ?? 0, based: draft.based_on })}
      </ConfirmModal>
    </Paper>
  );
}

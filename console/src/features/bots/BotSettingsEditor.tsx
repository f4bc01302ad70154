import { Button, Group, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ApiErrorDetail } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { versionKeys } from "../versions/api";
import { AdvancedJsonEditor } from "./AdvancedJsonEditor";
import { type Bot, type BotSettings, botKeys, type CatalogModel } from "./bots-api";
import { ConversationSection } from "./ConversationSection";
import { FailureSection } from "./FailureSection";
import { FormattingSection } from "./FormattingSection";
import { InstructionSection } from "./InstructionSection";
import { KnowledgeSection } from "./KnowledgeSection";
import { MemorySection } from "./MemorySection";
import { ModelSection } from "./ModelSection";
import { ProfileSection } from "./ProfileSection";
import { SaveErrors } from "./SaveErrors";
import { baselineAfter, saveBot, toolFieldPaths, valuesAfter } from "./save-bot";
import {
  type BotFormValues,
  parseSettingsJson,
  planSave,
  toFormValues,
  withRenderableShape,
} from "./settings-form";
import { ToolsSection } from "./ToolsSection";
import { useToolCatalog } from "./use-tool-catalog";
import { VoiceSection } from "./VoiceSection";

type Mode = "form" | "json";

interface SaveErrorState {
  /** A failure that is not about fields (network, 403, 409 …). */
  general: string | null;
  /** Some errors were put at their fields (the form says so near Save). */
  fieldsFailed: boolean;
  /** Validation errors without a control (form mode lists these). */
  other: ApiErrorDetail[];
  /** Every validation error (JSON mode lists these). */
  all: ApiErrorDetail[];
}

const noErrors: SaveErrorState = { general: null, fieldsFailed: false, other: [], all: [] };

/**
 * Every field of the bot's profile and BotSettings, as typed controls or as JSON. Save sends
 * only what differs from the last saved values (the API deep-merges), and puts the API's 422
 * errors at their fields; the rest are listed above the Save button. The settings it edits and
 * saves are the bot's draft (docs/quality.md, "Versions and evaluations in the console"): the
 * profile applies at once, the settings when the draft is published.
 */
export function BotSettingsEditor(props: {
  bot: Bot;
  /** The draft's settings (the published ones when there is no draft). */
  settings: BotSettings;
  models: readonly CatalogModel[];
  /** Told whether there are unsaved edits (Publish waits for them to be saved). */
  onDirtyChange?(dirty: boolean): void;
}) {
  const t = useT("bots");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [baseline, setBaseline] = useState<BotFormValues>(() => toFormValues(props.bot, props.settings));
  const form = useForm<BotFormValues>({ mode: "controlled", initialValues: baseline });
  const [mode, setMode] = useState<Mode>("form");
  const [jsonText, setJsonText] = useState("");
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [errors, setErrors] = useState<SaveErrorState>(noErrors);
  const tools = useToolCatalog();

  /** The settings the JSON editor holds, applied to the form; null (and an error shown) if invalid. */
  function applyJson(): BotFormValues | null {
    const parsed = parseSettingsJson(jsonText);
    if (!parsed.ok) {
      setJsonError(parsed.reason === "syntax" ? t("editor.json.syntax") : t("editor.json.shape"));
      return null;
    }
    setJsonError(null);
    const values = { ...form.getValues(), settings: withRenderableShape(parsed.settings) };
    form.setValues(values);
    return values;
  }

  function switchMode(next: Mode) {
    if (next === mode) return;
    if (next === "json") {
      setJsonText(JSON.stringify(form.getValues().settings, null, 2));
      setJsonError(null);
      setMode("json");
    } else if (applyJson()) {
      setMode("form");
    }
  }

  const save = useMutation({
    mutationFn: (values: BotFormValues) => {
      const enabled = values.settings.ai?.tools ?? {};
      const paths = toolFieldPaths(
        (tools.data ?? []).map((tool) => tool.name),
        enabled,
      );
      return saveBot(props.bot.id, planSave(baseline, values), paths);
    },
    onSuccess: (outcome, values) => {
      setBaseline(baselineAfter(baseline, outcome));
      const next = valuesAfter(values, outcome);
      form.setValues(next);
      if (mode === "json") setJsonText(JSON.stringify(next.settings, null, 2));
      form.setErrors(outcome.fieldErrors);
      const fieldsFailed = Object.keys(outcome.fieldErrors).length > 0;
      setErrors({
        general: outcome.failure ? errorText(outcome.failure) : null,
        fieldsFailed,
        other: outcome.otherErrors,
        all: outcome.allErrors,
      });
      if (outcome.bot) queryClient.setQueryData(botKeys.bot(props.bot.id), outcome.bot);
      if (outcome.draft) {
        queryClient.setQueryData(botKeys.draft(props.bot.id), outcome.draft);
        // The bot's draft_version and the versions list changed.
        void queryClient.invalidateQueries({ queryKey: botKeys.bot(props.bot.id), exact: true });
        void queryClient.invalidateQueries({ queryKey: versionKeys.all(props.bot.id) });
      }
      if (outcome.bot || outcome.settings) {
        void queryClient.invalidateQueries({ queryKey: botKeys.all, exact: true });
      }
      const failed = outcome.failure || outcome.allErrors.length > 0;
      if (!failed) {
        notifications.show({
          color: "green",
          message:
            outcome.draft?.version != null
              ? t("editor.savedDraft", { version: outcome.draft.version })
              : t("editor.saved"),
        });
      }
    },
    onError: (error) => setErrors({ ...noErrors, general: errorText(error) }),
  });

  function submit() {
    const values = mode === "json" ? applyJson() : form.getValues();
    if (!values) return;
    form.clearErrors();
    setErrors(noErrors);
    save.mutate(values);
  }

  function discard() {
    form.setValues(baseline);
    form.clearErrors();
    setErrors(noErrors);
    setJsonText(JSON.stringify(baseline.settings, null, 2));
    setJsonError(null);
  }

  const plan = planSave(baseline, form.values);
  const dirty = mode === "json" || plan.profile !== null || plan.settings !== null;
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t("editor.title")}</Text>
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(value) => switchMode(value as Mode)}
            data={[
              { value: "form", label: t("editor.modeForm") },
              { value: "json", label: t("editor.modeJson") },
            ]}
            aria-label={t("editor.modeLabel")}
          />
        </Group>
        {mode === "form" ? (
          <>
            <ProfileSection form={form} />
            <InstructionSection form={form} />
            <ModelSection form={form} models={props.models} />
            <MemorySection form={form} />
            <FormattingSection form={form} />
            <ToolsSection form={form} />
            <KnowledgeSection form={form} />
            <FailureSection form={form} />
            <ConversationSection form={form} />
            <VoiceSection form={form} />
          </>
        ) : (
          <AdvancedJsonEditor value={jsonText} onChange={setJsonText} error={jsonError} />
        )}
        <Paper
          withBorder
          p="sm"
          style={{ position: "sticky", bottom: 0, zIndex: 2, background: "var(--mantine-color-body)" }}
        >
          <Stack gap="sm">
            <SaveErrors
              general={
                errors.general ?? (mode === "form" && errors.fieldsFailed ? t("editor.fixFields") : null)
              }
              details={mode === "json" ? errors.all : errors.other}
            />
            <Group justify="flex-end" gap="sm">
              <Text size="sm" c="dimmed" mr="auto" aria-live="polite">
                {dirty && mode === "form" ? t("editor.unsaved") : t("editor.draftHint")}
              </Text>
              <Button variant="default" onClick={discard} disabled={!dirty || save.isPending}>
                {t("editor.discard")}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="settings-save">
                {t("editor.saveDraft")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}

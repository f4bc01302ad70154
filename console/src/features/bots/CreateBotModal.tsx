import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { QueryState, useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type Bot, botKeys, createBot, listModels, updateBotSettings } from "./bots-api";
import { ModelSelect } from "./ModelSelect";
import { catalogRefetchInterval, defaultModelId } from "./model-catalog";
import { mapApiErrors } from "./settings-errors";

/**
 * Creates a bot (POST /v1/bots takes only name and description) and then sets its model and
 * instruction (POST /v1/bots/:id/settings). If the second step fails the bot exists already:
 * a retry only repeats the settings step.
 */
export function CreateBotModal(props: { opened: boolean; onClose(): void }) {
  const t = useT("bots");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("create.title")} size="lg">
      {props.opened && <CreateBotForm onClose={props.onClose} />}
    </Modal>
  );
}

function CreateBotForm({ onClose }: { onClose(): void }) {
  const t = useT("bots");
  const tc = useT("common");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const models = useQuery({
    queryKey: botKeys.models,
    queryFn: listModels,
    staleTime: 5 * 60_000,
    refetchInterval: (query) => catalogRefetchInterval(query.state.data),
  });
  const [name, setName] = useState("");
  const [modelId, setModelId] = useState<string | null>(null);
  const [instruction, setInstruction] = useState("");
  const [created, setCreated] = useState<Bot | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const chosenModel = modelId ?? defaultModelId(models.data ?? []);

  const mutation = useMutation({
    mutationFn: async () => {
      const bot = created ?? (await createBot({ name: name.trim() }));
      setCreated(bot);
      const ai: Record<string, unknown> = {};
      if (chosenModel) ai.model = { id: chosenModel };
      if (instruction.trim() !== "") ai.instruction = instruction;
      if (Object.keys(ai).length > 0) await updateBotSettings(bot.id, { ai });
      return bot;
    },
    onSuccess: (bot) => {
      void queryClient.invalidateQueries({ queryKey: botKeys.all });
      notifications.show({ color: "green", message: t("create.done", { name: bot.name }) });
      onClose();
      void navigate(`/bots/${bot.id}`);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: botKeys.all });
      if (error instanceof ApiError && error.status === 422 && error.details.length > 0) {
        // The create request's paths are `name`; the settings request's `ai.…`.
        const settings = mapApiErrors(error.details, "settings");
        const profile = mapApiErrors(error.details, "profile");
        const fields = { ...settings.fields, ...profile.fields };
        setFieldErrors(fields);
        const unmapped = error.details.filter(
          (d) => !fields[`settings.${d.path}`] && !fields[`profile.${d.path}`],
        );
        setGeneral(unmapped.length > 0 ? unmapped.map((d) => `${d.path}: ${d.message}`).join("; ") : null);
      } else {
        setFieldErrors({});
        setGeneral(errorText(error));
      }
    },
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setFieldErrors({});
        setGeneral(null);
        mutation.mutate();
      }}
      noValidate
    >
      <Stack gap="sm">
        {created && (
          <Alert color="yellow" role="status">
            {t("create.createdSettingsPending", { name: created.name })}
          </Alert>
        )}
        <TextInput
          label={t("fields.name")}
          required
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldErrors["profile.name"]}
          disabled={created !== null}
          data-autofocus
          data-testid="bot-name-input"
        />
        <QueryState query={models}>
          {(catalog) => (
            <ModelSelect
              models={catalog}
              value={chosenModel}
              onChange={setModelId}
              error={fieldErrors["settings.ai.model.id"]}
              required
            />
          )}
        </QueryState>
        <Textarea
          label={t("fields.instruction")}
          description={t("create.instructionHint")}
          placeholder={t("create.instructionPlaceholder")}
          autosize
          minRows={3}
          maxRows={10}
          value={instruction}
          onChange={(event) => setInstruction(event.currentTarget.value)}
          error={fieldErrors["settings.ai.instruction"]}
        />
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {tc("actions.cancel")}
          </Button>
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={name.trim() === ""}
            data-testid="bot-create-submit"
          >
            {created ? t("create.retrySettings") : tc("actions.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

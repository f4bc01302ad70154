import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, type ApiErrorDetail } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { SaveErrors } from "../bots/SaveErrors";
import { useToolCatalog } from "../bots/use-tool-catalog";
import { createCase, type EvalCase, evalKeys, updateCase } from "./api";
import {
  type CaseForm,
  type ExpectationRow,
  type FieldError,
  newExpectationRow,
  newMessageRow,
  toCaseBody,
  toCaseForm,
} from "./case-form";
import { ExpectationFields } from "./ExpectationFields";

/** Creates (`editing: "new"`) or edits a test case, in a drawer. */
export function CaseEditor(props: { botId: string; editing: EvalCase | "new" | null; onClose(): void }) {
  const t = useT("evals");
  const narrow = useMediaQuery("(max-width: 48em)");
  const editing = props.editing;
  return (
    <Drawer
      opened={editing !== null}
      onClose={props.onClose}
      position="right"
      size={narrow ? "100%" : "xl"}
      title={editing === "new" ? t("form.newTitle") : t("form.editTitle")}
    >
      {editing !== null ? (
        <CaseFormBody
          key={editing === "new" ? "new" : editing.id}
          botId={props.botId}
          existing={editing === "new" ? undefined : editing}
          onDone={props.onClose}
        />
      ) : null}
    </Drawer>
  );
}

function CaseFormBody(props: { botId: string; existing: EvalCase | undefined; onDone(): void }) {
  const t = useT("evals");
  const common = useT("common");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const tools = useToolCatalog();
  const [form, setForm] = useState<CaseForm>(() => toCaseForm(props.existing));
  const [localErrors, setLocalErrors] = useState<Record<string, FieldError>>({});
  const [apiErrors, setApiErrors] = useState<ApiErrorDetail[]>([]);
  const [general, setGeneral] = useState<string | null>(null);

  const apiByPath = new Map(apiErrors.map((detail) => [detail.path, detail.message]));
  const error = (path: string) =>
    localErrors[path] ? t(`form.errors.${localErrors[path]}`) : apiByPath.get(path);
  // API errors without a field here are listed above the buttons.
  const shownPaths = new Set([
    "name",
    "tool_results",
    "messages",
    ...form.messages.flatMap((_, i) => [`messages.${i}.content`, `messages.${i}.role`]),
    ...form.expectations.flatMap((_, i) =>
      ["value", "tool", "arguments", "criteria"].map((f) => `expectations.${i}.${f}`),
    ),
  ]);
  const unplaced = apiErrors.filter((detail) => !shownPaths.has(detail.path));

  const save = useMutation({
    mutationFn: (body: Parameters<typeof createCase>[1]) =>
      props.existing ? updateCase(props.botId, props.existing.id, body) : createCase(props.botId, body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: evalKeys.cases(props.botId) });
      notifications.show({ color: "green", message: t("form.saved", { name: saved.name }) });
      props.onDone();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 422 && failure.details.length > 0) {
        setApiErrors(failure.details);
      } else {
        setGeneral(errorText(failure));
      }
    },
  });

  function submit() {
    setApiErrors([]);
    setGeneral(null);
    const result = toCaseBody(form);
    if (!result.ok) {
      setLocalErrors(result.errors);
      return;
    }
    setLocalErrors({});
    save.mutate(result.body);
  }

  const setMessage = (index: number, patch: Partial<CaseForm["messages"][number]>) =>
    setForm((f) => ({ ...f, messages: f.messages.map((m, i) => (i === index ? { ...m, ...patch } : m)) }));
  const setExpectation = (index: number, row: ExpectationRow) =>
    setForm((f) => ({ ...f, expectations: f.expectations.map((e, i) => (i === index ? row : e)) }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="case-form"
    >
      <Stack gap="md">
        <TextInput
          label={t("form.name")}
          required
          maxLength={200}
          value={form.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setForm((f) => ({ ...f, name }));
          }}
          error={error("name")}
          data-testid="case-name"
        />

        <Stack gap="xs">
          <Title order={5}>{t("form.messages")}</Title>
          <Text size="xs" c="dimmed">
            {t("form.messagesHint")}
          </Text>
          {form.messages.map((message, index) => (
            <Stack key={message.key} gap={4} data-testid="case-message">
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <SegmentedControl
                  size="xs"
                  value={message.role}
                  onChange={(role) => setMessage(index, { role: role as "user" | "assistant" })}
                  data={[
                    { value: "user", label: t("form.roleUser") },
                    { value: "assistant", label: t("form.roleAssistant") },
                  ]}
                  aria-label={t("form.roleOf", { n: index + 1 })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("form.removeMessage", { n: index + 1 })}
                  disabled={form.messages.length === 1}
                  onClick={() =>
                    setForm((f) => ({ ...f, messages: f.messages.filter((_, i) => i !== index) }))
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <Textarea
                aria-label={t("form.messageText", { n: index + 1 })}
                autosize
                minRows={2}
                maxRows={10}
                value={message.content}
                onChange={(event) => setMessage(index, { content: event.currentTarget.value })}
                error={error(`messages.${index}.content`) ?? error(`messages.${index}.role`)}
                data-testid="case-message-text"
              />
            </Stack>
          ))}
          {error("messages") ? (
            <Text size="sm" c="red">
              {error("messages")}
            </Text>
          ) : null}
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                setForm((f) => ({ ...f, messages: [...f.messages, newMessageRow("assistant")] }))
              }
            >
              {t("form.addAssistant")}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setForm((f) => ({ ...f, messages: [...f.messages, newMessageRow("user")] }))}
            >
              {t("form.addUser")}
            </Button>
          </Group>
        </Stack>

        <Stack gap="xs">
          <Title order={5}>{t("form.expectations")}</Title>
          <Text size="xs" c="dimmed">
            {t("form.expectationsHint")}
          </Text>
          {form.expectations.map((row, index) => (
            <ExpectationFields
              key={row.key}
              row={row}
              index={index}
              tools={tools.data ?? []}
              onChange={(next) => setExpectation(index, next)}
              onRemove={() =>
                setForm((f) => ({ ...f, expectations: f.expectations.filter((_, i) => i !== index) }))
              }
              error={(field) => error(`expectations.${index}.${field}`)}
            />
          ))}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            style={{ alignSelf: "flex-start" }}
            onClick={() => setForm((f) => ({ ...f, expectations: [...f.expectations, newExpectationRow()] }))}
            data-testid="add-expectation"
          >
            {t("form.addExpectation")}
          </Button>
        </Stack>

        <Textarea
          label={t("form.toolResults")}
          description={t("form.toolResultsHint")}
          placeholder='{"lookup_order": {"status": "shipped"}}'
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          value={form.toolResults}
          onChange={(event) => {
            const toolResults = event.currentTarget.value;
            setForm((f) => ({ ...f, toolResults }));
          }}
          error={error("tool_results")}
          data-testid="case-tool-results"
        />

        <SaveErrors general={general} details={unplaced} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onDone}>
            {common("actions.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="case-save">
            {common("actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

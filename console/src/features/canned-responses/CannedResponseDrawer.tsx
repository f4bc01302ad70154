import { Alert, Button, Drawer, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError, type ApiErrorDetail } from "../../api/client";
import { ConfirmModal } from "../../components/ConfirmModal";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import {
  type CannedResponse,
  type CannedResponseBody,
  cannedKeys,
  createCannedResponse,
  deleteCannedResponse,
  updateCannedResponse,
} from "./api";
import {
  CANNED_VARIABLES,
  type CannedFieldError,
  insertVariable,
  MAX_CODE,
  MAX_CONTENT,
  toCannedBody,
  toCannedForm,
} from "./canned-form";

/** Creates (`editing: "new"`) or edits and deletes a canned response, in a drawer. */
export function CannedResponseDrawer(props: { editing: CannedResponse | "new" | null; onClose(): void }) {
  const t = useT("canned");
  const narrow = useMediaQuery("(max-width: 48em)");
  const editing = props.editing;
  return (
    <Drawer
      opened={editing !== null}
      onClose={props.onClose}
      position="right"
      size={narrow ? "100%" : "lg"}
      title={
        editing === "new" || editing === null
          ? t("form.newTitle")
          : t("form.editTitle", { code: editing.short_code })
      }
    >
      {editing !== null ? (
        <CannedFormBody
          key={editing === "new" ? "new" : editing.id}
          existing={editing === "new" ? undefined : editing}
          onDone={props.onClose}
        />
      ) : null}
    </Drawer>
  );
}

function CannedFormBody(props: { existing: CannedResponse | undefined; onDone(): void }) {
  const t = useT("canned");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => toCannedForm(props.existing));
  const [localErrors, setLocalErrors] = useState<Partial<Record<string, CannedFieldError>>>({});
  const [apiErrors, setApiErrors] = useState<ApiErrorDetail[]>([]);
  const [general, setGeneral] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const contentRef = useRef<HTMLTextAreaElement>(null);

  const apiByPath = new Map(apiErrors.map((detail) => [detail.path, detail.message]));
  const error = (path: string) => {
    const local = localErrors[path];
    return local ? t(`form.errors.${local}`) : apiByPath.get(path);
  };
  const unplaced = apiErrors.filter((detail) => !["short_code", "title", "content"].includes(detail.path));
  const refresh = () => queryClient.invalidateQueries({ queryKey: cannedKeys.all });

  const save = useMutation({
    mutationFn: (body: CannedResponseBody) =>
      props.existing ? updateCannedResponse(props.existing.id, body) : createCannedResponse(body),
    onSuccess: (saved) => {
      void refresh();
      notifications.show({ color: "green", message: t("form.saved", { code: saved.short_code }) });
      props.onDone();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 422 && failure.details.length > 0) {
        setApiErrors(failure.details);
      } else if (failure instanceof ApiError && failure.code === "canned_response_code_taken") {
        setApiErrors([{ path: "short_code", message: t("form.errors.codeTaken") }]);
      } else {
        setGeneral(errorText(failure));
      }
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteCannedResponse(props.existing!.id),
    onSuccess: () => {
      void refresh();
      notifications.show({
        color: "green",
        message: t("form.deleted", { code: props.existing!.short_code }),
      });
      setConfirming(false);
      props.onDone();
    },
  });

  function submit() {
    setApiErrors([]);
    setGeneral(null);
    const result = toCannedBody(form);
    if (!result.ok) {
      setLocalErrors(result.errors);
      return;
    }
    setLocalErrors({});
    save.mutate(result.body);
  }

  function addVariable(variable: string) {
    const caret = contentRef.current?.selectionStart ?? form.content.length;
    const next = insertVariable(form.content, caret, variable);
    setForm((f) => ({ ...f, content: next.content }));
    requestAnimationFrame(() => {
      contentRef.current?.focus();
      contentRef.current?.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="canned-form"
    >
      <Stack gap="md">
        <TextInput
          label={t("form.code")}
          description={t("form.codeHint")}
          required
          leftSection={<Text size="sm">/</Text>}
          maxLength={MAX_CODE + 1}
          value={form.shortCode}
          onChange={(event) => {
            const shortCode = event.currentTarget.value;
            setForm((f) => ({ ...f, shortCode }));
          }}
          error={error("short_code")}
          data-testid="canned-code"
        />
        <TextInput
          label={t("form.title")}
          description={t("form.titleHint")}
          maxLength={200}
          value={form.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            setForm((f) => ({ ...f, title }));
          }}
          error={error("title")}
          data-testid="canned-title"
        />
        <Textarea
          ref={contentRef}
          label={t("form.content")}
          description={t("form.contentHint")}
          required
          autosize
          minRows={5}
          maxRows={16}
          maxLength={MAX_CONTENT}
          value={form.content}
          onChange={(event) => {
            const content = event.currentTarget.value;
            setForm((f) => ({ ...f, content }));
          }}
          error={error("content")}
          data-testid="canned-content"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("form.variables")}
          </Text>
          <Group gap={6}>
            {CANNED_VARIABLES.map((variable) => (
              <Button key={variable} size="compact-xs" variant="light" onClick={() => addVariable(variable)}>
                {`{{${variable}}}`}
              </Button>
            ))}
          </Group>
        </Stack>
        {general || unplaced.length > 0 ? (
          <Alert color="red" role="alert">
            {general ?? unplaced.map((detail) => `${detail.path}: ${detail.message}`).join("; ")}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {props.existing ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              data-testid="canned-delete"
            >
              {t("form.delete")}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending} data-testid="canned-save">
            {t("form.save")}
          </Button>
        </Group>
      </Stack>
      {props.existing ? (
        <ConfirmModal
          opened={confirming}
          title={t("form.deleteTitle", { code: props.existing.short_code })}
          confirmLabel={t("form.delete")}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirming(false)}
          loading={remove.isPending}
          error={remove.error}
        >
          {t("form.deleteBody")}
        </ConfirmModal>
      ) : null}
    </form>
  );
}

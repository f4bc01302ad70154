import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconRefresh, IconSend } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { inboxKeys } from "./api";
import type { Thread } from "./types";
import {
  listWhatsappTemplates,
  previewTemplate,
  sendWhatsappTemplate,
  syncWhatsappTemplates,
  type TemplateValues,
  templateKeys,
  valuesComplete,
} from "./whatsapp-templates";

const keyOf = (template: { name: string; language: string }) => `${template.name}|${template.language}`;

/**
 * The composer of a WhatsApp thread whose 24-hour window is closed (docs/console.md; docs/channels.md,
 * "Templates"): only an approved template reaches the customer, so the operator picks one,
 * fills its values, sees the text and sends it. "Sync templates" lists them from Meta again.
 */
export function TemplatePicker({ thread, integrationId }: { thread: Thread; integrationId: string }) {
  const t = useT("whatsapp");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: templateKeys.list(integrationId),
    queryFn: () => listWhatsappTemplates(integrationId),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [values, setValues] = useState<TemplateValues>({ header: [], body: [] });
  const sendable = (templates.data ?? []).filter((template) => template.sendable);
  const template = sendable.find((item) => keyOf(item) === chosen);

  const sync = useMutation({
    mutationFn: () => syncWhatsappTemplates(integrationId),
    onSuccess: (result) => queryClient.setQueryData(templateKeys.list(integrationId), result.templates),
  });
  const send = useMutation({
    mutationFn: () => sendWhatsappTemplate(thread.id, template!, values),
    onSuccess: () => {
      setChosen(null);
      setValues({ header: [], body: [] });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(thread.id) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(thread.id) });
    },
  });
  const error = send.error ?? sync.error ?? templates.error;

  const setValue = (part: keyof TemplateValues, index: number, value: string) =>
    setValues((current) => {
      const next = [...current[part]];
      next[index] = value;
      return { ...current, [part]: next };
    });

  return (
    <Paper withBorder p="xs" data-testid="template-picker">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t("windowClosed")}
        </Text>
        <Group gap="xs" align="flex-end">
          <Select
            flex={1}
            size="xs"
            label={t("template")}
            placeholder={sendable.length === 0 ? t("none") : t("choose")}
            data-testid="template-select"
            data={sendable.map((item) => ({ value: keyOf(item), label: `${item.name} (${item.language})` }))}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setValues({ header: [], body: [] });
            }}
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            loading={sync.isPending}
            onClick={() => sync.mutate()}
            data-testid="template-sync"
          >
            {t("sync")}
          </Button>
        </Group>
        {template
          ? (["header", "body"] as const).flatMap((part) =>
              template.parameters[part].map((name, index) => (
                <TextInput
                  key={`${part}-${name}`}
                  size="xs"
                  label={t(part === "header" ? "headerValue" : "bodyValue", { name })}
                  value={values[part][index] ?? ""}
                  onChange={(event) => setValue(part, index, event.currentTarget.value)}
                  data-testid={`template-${part}-${index}`}
                />
              )),
            )
          : null}
        {template ? (
          <Paper bg="var(--mantine-color-green-light)" p="xs" data-testid="template-preview">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {previewTemplate(template, values)}
            </Text>
          </Paper>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" p="xs" data-testid="template-error">
            {errorText(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            size="xs"
            leftSection={<IconSend size={14} />}
            disabled={!template || !valuesComplete(template, values)}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="template-send"
          >
            {t("send")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

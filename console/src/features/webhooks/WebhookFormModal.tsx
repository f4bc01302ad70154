import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import {
  type CreatedWebhookEndpoint,
  createWebhookEndpoint,
  listWebhookEventTypes,
  updateWebhookEndpoint,
  type WebhookEndpoint,
  webhookKeys,
} from "./api";
import {
  emptyWebhookForm,
  validateWebhookForm,
  type WebhookFormValues,
  webhookCreateBody,
  webhookFormErrorsFromApi,
  webhookFormFromEndpoint,
  webhookUpdateBody,
} from "./webhook-form";

/** Creates an endpoint (no `endpoint`) or edits one. A created endpoint goes to `onCreated` to show its secret. */
export function WebhookFormModal(props: {
  opened: boolean;
  endpoint?: WebhookEndpoint;
  onClose(): void;
  onCreated?(endpoint: CreatedWebhookEndpoint): void;
}) {
  const t = useT("webhooks");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.endpoint ? t("form.editTitle") : t("form.createTitle")}
      size="lg"
    >
      {props.opened ? <WebhookForm {...props} /> : null}
    </Modal>
  );
}

function WebhookForm(props: {
  endpoint?: WebhookEndpoint;
  onClose(): void;
  onCreated?(e: CreatedWebhookEndpoint): void;
}) {
  const t = useT("webhooks");
  const common = useT("common");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const editing = props.endpoint;
  const eventTypes = useQuery({
    queryKey: webhookKeys.eventTypes,
    queryFn: listWebhookEventTypes,
    staleTime: 600_000,
  });

  const form = useForm<WebhookFormValues>({
    initialValues: editing ? webhookFormFromEndpoint(editing) : emptyWebhookForm(),
    validate: (values) => {
      const errors = validateWebhookForm(values);
      return Object.fromEntries(
        Object.entries(errors).map(([field, key]) => [field, t(`form.errors.${key}`)]),
      );
    },
  });

  const mutation = useMutation({
    mutationFn: async (values: WebhookFormValues) =>
      editing
        ? updateWebhookEndpoint(editing.id, webhookUpdateBody(values, editing))
        : createWebhookEndpoint(webhookCreateBody(values)),
    onSuccess: async (endpoint) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      if (!editing) props.onCreated?.(endpoint as CreatedWebhookEndpoint);
      else notifications.show({ color: "green", message: t("form.saved") });
      props.onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(webhookFormErrorsFromApi(error.fieldErrors()));
    },
  });

  const eventOptions = (eventTypes.data ?? []).map((type) => ({ value: type.type, label: type.type }));
  const descriptions = new Map((eventTypes.data ?? []).map((type) => [type.type, type.description]));
  // A type the endpoint has that the server no longer lists still shows as chosen.
  for (const type of form.values.events) {
    if (!descriptions.has(type)) eventOptions.push({ value: type, label: type });
  }

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label={t("form.url")}
          description={t("form.urlHint")}
          placeholder="https://example.com/hooks/parley"
          required
          type="url"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps("url")}
        />
        <Switch
          label={t("form.allEvents")}
          description={t("form.allEventsHint")}
          {...form.getInputProps("allEvents", { type: "checkbox" })}
        />
        {form.values.allEvents ? null : (
          <MultiSelect
            label={t("form.events")}
            placeholder={eventTypes.isPending ? common("state.loading") : t("form.eventsPlaceholder")}
            data={eventOptions}
            searchable
            clearable
            required
            nothingFoundMessage={t("form.noEventTypes")}
            disabled={eventTypes.isPending}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text size="sm">{option.value}</Text>
                {descriptions.get(option.value) ? (
                  <Text size="xs" c="dimmed">
                    {descriptions.get(option.value)}
                  </Text>
                ) : null}
              </Stack>
            )}
            {...form.getInputProps("events")}
            error={
              form.errors.events ??
              (eventTypes.isError
                ? `${t("form.eventTypesFailed")} ${errorText(eventTypes.error)}`
                : undefined)
            }
          />
        )}
        <Checkbox
          label={t("form.ordered")}
          description={t("form.orderedHint")}
          {...form.getInputProps("ordered", { type: "checkbox" })}
        />
        {editing ? null : (
          <TextInput
            label={t("form.secret")}
            description={t("form.secretHint")}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps("secret")}
          />
        )}
        {mutation.isError ? (
          <Alert color="red" role="alert" title={t("form.failed")}>
            {errorText(mutation.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {common("actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {editing ? common("actions.save") : common("actions.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

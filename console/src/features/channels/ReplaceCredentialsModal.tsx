import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { AuthDataFields } from "./AuthDataFields";
import type { Integration } from "./api";
import {
  type AuthField,
  type AuthValues,
  initialValues,
  missingRequired,
  toAuthData,
} from "./auth-data-schema";
import { placeErrors } from "./form-errors";
import { useChannelWords } from "./useChannelWords";
import { useIntegrationUpdate } from "./useIntegrationUpdate";
import { useVendorForms } from "./useVendorForms";

/**
 * New credentials for an integration (after access was lost, or a rotated token). The stored
 * ones are never shown (the API does not return them), so the form starts empty and replaces
 * them as a whole.
 */
export function ReplaceCredentialsModal(props: {
  integration: Integration;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useChannelWords();
  const tc = useT("common");
  const forms = useVendorForms();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("credentials.title")}
      size="lg"
      closeButtonProps={{ "aria-label": tc("actions.close") }}
    >
      <QueryState query={forms}>
        {(vendorForms) => {
          const form = vendorForms.find((f) => f.vendor === props.integration.vendor);
          if (!form) return <Alert color="yellow">{t("credentials.unknownVendor")}</Alert>;
          if (form.fields.length === 0) return <Text size="sm">{t("connect.noCredentials")}</Text>;
          return (
            <CredentialsForm integration={props.integration} fields={form.fields} onDone={props.onClose} />
          );
        }}
      </QueryState>
    </Modal>
  );
}

function CredentialsForm(props: { integration: Integration; fields: AuthField[]; onDone(): void }) {
  const { t } = useChannelWords();
  const tc = useT("common");
  const [values, setValues] = useState<AuthValues>(() => initialValues(props.fields));
  const [missing, setMissing] = useState<string[]>([]);
  const update = useIntegrationUpdate(props.integration.id, (updated) => {
    notifications.show({ color: "green", message: t("credentials.done", { name: updated.name }) });
    props.onDone();
  });
  const server = placeErrors(
    update.error,
    props.fields.map((f) => `auth_data.${f.key}`),
  );
  const errors: Record<string, string> = {};
  for (const field of props.fields) {
    const message = missing.includes(field.key)
      ? t("form.required")
      : server.fields[`auth_data.${field.key}`];
    if (message) errors[field.key] = message;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = missingRequired(props.fields, values);
    setMissing(empty);
    if (empty.length === 0) update.mutate({ auth_data: toAuthData(props.fields, values) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t("credentials.hint")}
        </Text>
        <FormErrorAlert error={update.error} unplaced={server.unplaced} />
        <AuthDataFields
          fields={props.fields}
          values={values}
          errors={errors}
          onChange={(key, value) => setValues((prev) => ({ ...prev, [key]: value }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t("credentials.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

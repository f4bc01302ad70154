import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { AuthDataFields } from "./AuthDataFields";
import { channelKeys, createIntegration } from "./api";
import {
  type AuthValues,
  initialValues,
  missingRequired,
  toAuthData,
  type VendorForm,
} from "./auth-data-schema";
import { placeErrors } from "./form-errors";
import { useChannelWords } from "./useChannelWords";
import { useVendorForms } from "./useVendorForms";

/** "Connect a channel": pick a vendor, name it, fill the credentials its schema asks for. */
export function ConnectChannelModal(props: { opened: boolean; onClose(): void }) {
  const { t } = useChannelWords();
  const tc = useT("common");
  const forms = useVendorForms();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("connect.title")}
      size="lg"
      closeButtonProps={{ "aria-label": tc("actions.close") }}
    >
      <QueryState query={forms}>
        {(vendorForms) => <ConnectForm forms={vendorForms} onDone={props.onClose} />}
      </QueryState>
    </Modal>
  );
}

function ConnectForm(props: { forms: VendorForm[]; onDone(): void }) {
  const { t, vendor: vendorLabel } = useChannelWords();
  const tc = useT("common");
  const queryClient = useQueryClient();
  const [vendor, setVendor] = useState("");
  const [name, setName] = useState("");
  const [nameEdited, setNameEdited] = useState(false);
  const [values, setValues] = useState<AuthValues>({});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const form = props.forms.find((f) => f.vendor === vendor);
  const fields = form?.fields ?? [];

  const mutation = useMutation({
    mutationFn: createIntegration,
    onSuccess: async (integration) => {
      notifications.show({ color: "green", message: t("connect.done", { name: integration.name }) });
      await queryClient.invalidateQueries({ queryKey: channelKeys.integrations });
      props.onDone();
    },
  });
  const knownPaths = ["name", "vendor", ...fields.map((f) => `auth_data.${f.key}`)];
  const server = placeErrors(mutation.error, knownPaths);
  const errors = { ...server.fields, ...clientErrors };
  // Errors the inputs show need no repeating above the form.
  const showTopError =
    mutation.isError && (Object.keys(server.fields).length === 0 || server.unplaced.length > 0);
  const authErrors = Object.fromEntries(
    fields.flatMap((f) => (errors[`auth_data.${f.key}`] ? [[f.key, errors[`auth_data.${f.key}`]!]] : [])),
  );

  const chooseVendor = (next: string) => {
    setVendor(next);
    const nextForm = props.forms.find((f) => f.vendor === next);
    setValues(nextForm ? initialValues(nextForm.fields) : {});
    setClientErrors({});
    mutation.reset();
    // Until the person types a name, the vendor's name is a fine default.
    if (!nameEdited) setName(next ? vendorLabel(next) : "");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!vendor) found.vendor = t("form.required");
    if (!name.trim()) found.name = t("form.required");
    for (const key of missingRequired(fields, values)) found[`auth_data.${key}`] = t("form.required");
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ name: name.trim(), vendor, auth_data: toAuthData(fields, values) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {showTopError && <FormErrorAlert error={mutation.error} unplaced={server.unplaced} />}
        <NativeSelect
          label={t("connect.vendor")}
          required
          data-testid="vendor-select"
          value={vendor}
          error={errors.vendor}
          onChange={(e) => chooseVendor(e.currentTarget.value)}
          data={[
            { value: "", label: t("connect.chooseVendor") },
            ...props.forms.map((f) => ({ value: f.vendor, label: vendorLabel(f.vendor) })),
          ]}
        />
        <TextInput
          label={t("connect.name")}
          description={t("connect.nameHint")}
          required
          maxLength={200}
          value={name}
          error={errors.name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameEdited(true);
          }}
        />
        {form && (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t("connect.credentials")}
            </Text>
            {fields.length === 0 ? (
              <Text size="sm" c="dimmed">
                {vendor === "parley" ? t("connect.parleyHint") : t("connect.noCredentials")}
              </Text>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  {t("connect.secretsHint")}
                </Text>
                <AuthDataFields
                  fields={fields}
                  values={values}
                  errors={authErrors}
                  onChange={(key, value) => setValues((prev) => ({ ...prev, [key]: value }))}
                />
              </>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="integration-submit">
            {t("connect.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

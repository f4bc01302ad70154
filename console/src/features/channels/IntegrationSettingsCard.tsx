import { Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmModal } from "../../components/ConfirmModal";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import { channelKeys, deleteIntegration, type Integration } from "./api";
import { placeErrors } from "./form-errors";
import { ReplaceCredentialsModal } from "./ReplaceCredentialsModal";
import { useChannelWords } from "./useChannelWords";
import { useIntegrationUpdate } from "./useIntegrationUpdate";
import { useHasCredentials } from "./useVendorForms";

/**
 * Rename, replace the credentials (only for vendors that have any), delete (with its chats,
 * threads and messages).
 */
export function IntegrationSettingsCard({ integration }: { integration: Integration }) {
  const { t } = useChannelWords();
  const tc = useT("common");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(integration.name);
  const hasCredentials = useHasCredentials(integration.vendor);
  const [credentialsOpen, credentials] = useDisclosure(false);
  const [deleteOpen, deleting] = useDisclosure(false);

  const rename = useIntegrationUpdate(integration.id, () =>
    notifications.show({ color: "green", message: tc("state.saved") }),
  );
  const remove = useMutation({
    mutationFn: () => deleteIntegration(integration.id),
    onSuccess: async () => {
      notifications.show({ color: "green", message: t("settings.deleted", { name: integration.name }) });
      queryClient.removeQueries({ queryKey: channelKeys.integration(integration.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.integrations }),
        queryClient.invalidateQueries({ queryKey: ["chats"] }),
      ]);
      navigate("/channels");
    },
  });
  const nameError = placeErrors(rename.error, ["name"]).fields.name;

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && name.trim() !== integration.name) rename.mutate({ name: name.trim() });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="integration-settings-title">
      <Stack gap="md">
        <Title order={4} id="integration-settings-title">
          {t("settings.title")}
        </Title>
        <form onSubmit={submitName}>
          <Stack gap="xs">
            {!nameError && <FormErrorAlert error={rename.error} />}
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label={t("connect.name")}
                required
                maxLength={200}
                value={name}
                error={nameError}
                onChange={(e) => setName(e.currentTarget.value)}
                style={{ flex: "1 1 220px" }}
              />
              <Button
                type="submit"
                variant="light"
                loading={rename.isPending}
                disabled={!name.trim() || name.trim() === integration.name}
              >
                {tc("actions.save")}
              </Button>
            </Group>
          </Stack>
        </form>
        {hasCredentials ? (
          <>
            <Divider />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ flex: "1 1 240px" }}>
                <Text size="sm" fw={500}>
                  {t("credentials.title")}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("settings.credentialsHint")}
                </Text>
              </Stack>
              <Button variant="default" onClick={credentials.open}>
                {t("credentials.open")}
              </Button>
            </Group>
          </>
        ) : null}
        <Divider />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: "1 1 240px" }}>
            <Text size="sm" fw={500}>
              {t("settings.deleteTitle")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("settings.deleteHint")}
            </Text>
          </Stack>
          <Button color="red" variant="light" onClick={deleting.open}>
            {t("settings.delete")}
          </Button>
        </Group>
      </Stack>
      <ReplaceCredentialsModal
        integration={integration}
        opened={credentialsOpen}
        onClose={credentials.close}
      />
      <ConfirmModal
        opened={deleteOpen}
        title={t("settings.deleteTitle")}
        confirmLabel={t("settings.delete")}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          deleting.close();
          remove.reset();
        }}
      >
        {t("settings.deleteConfirm", { name: integration.name })}
      </ConfirmModal>
    </Paper>
  );
}

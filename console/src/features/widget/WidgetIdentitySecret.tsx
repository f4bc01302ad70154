import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconKey } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../components/ConfirmModal";
import { SecretField } from "../../components/SecretField";
import { useT } from "../../i18n/I18nProvider";
import { generateIdentitySecret, widgetKeys } from "./api";

/**
 * The HMAC key that signs visitors' user ids. The API answers it once, on generation; the console
 * keeps it only in this component's state, so it is gone when the drawer closes.
 */
export function WidgetIdentitySecret({ chatId, secretSet }: { chatId: string; secretSet: boolean }) {
  const t = useT("widget");
  const queryClient = useQueryClient();
  const [confirmOpen, confirm] = useDisclosure(false);
  const [secret, setSecret] = useState<string | null>(null);
  const generate = useMutation({
    mutationFn: () => generateIdentitySecret(chatId),
    onSuccess: async ({ identity_secret }) => {
      setSecret(identity_secret);
      confirm.close();
      notifications.show({ color: "green", message: t("secret.generated") });
      await queryClient.invalidateQueries({ queryKey: widgetKeys.settings(chatId) });
    },
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="widget-secret-title">
      <Title order={4} id="widget-secret-title">
        {t("secret.title")}
      </Title>
      {secret === null && (
        <Text size="sm" c="dimmed">
          {secretSet ? t("secret.set") : t("secret.notSet")}
        </Text>
      )}
      {secret !== null && (
        <Stack gap="sm">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("secret.warningTitle")}>
            {t("secret.warning")}
          </Alert>
          <SecretField
            label={t("secret.label")}
            value={secret}
            copyLabel={t("secret.copy")}
            copiedLabel={t("secret.copied")}
            testId="widget-secret"
          />
          <Group>
            <Button variant="default" onClick={() => setSecret(null)}>
              {t("secret.hide")}
            </Button>
          </Group>
        </Stack>
      )}
      {secret === null && (
        <Group>
          <Button
            variant={secretSet ? "default" : "filled"}
            leftSection={<IconKey size={16} />}
            onClick={confirm.open}
            data-testid="widget-secret-button"
          >
            {secretSet ? t("secret.regenerate") : t("secret.generate")}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirmOpen}
        title={secretSet ? t("secret.confirmTitle") : t("secret.generate")}
        confirmLabel={t("secret.confirmButton")}
        color={secretSet ? "red" : "blue"}
        loading={generate.isPending}
        error={generate.error}
        onConfirm={() => generate.mutate()}
        onClose={() => {
          confirm.close();
          generate.reset();
        }}
      >
        {secretSet ? t("secret.confirm") : t("secret.confirmFirst")}
      </ConfirmModal>
    </Stack>
  );
}

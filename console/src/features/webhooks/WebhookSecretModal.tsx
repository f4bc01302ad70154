import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { SecretField } from "../../components/SecretField";
import { useT } from "../../i18n/I18nProvider";

/**
 * The signing secret, shown once: the API returns it only when it is set (create, rotate) and
 * never again. Closing needs a deliberate click, not a stray click outside.
 */
export function WebhookSecretModal(props: { secret: string | null; url?: string; onClose(): void }) {
  const t = useT("webhooks");
  return (
    <Modal
      opened={props.secret !== null}
      onClose={props.onClose}
      title={t("secret.title")}
      closeOnClickOutside={false}
      centered
      size="lg"
    >
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("secret.warningTitle")}>
          {t("secret.warning")}
        </Alert>
        {props.url ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("secret.for", { url: props.url })}
          </Text>
        ) : null}
        <SecretField
          label={t("secret.label")}
          value={props.secret ?? ""}
          copyLabel={t("secret.copy")}
          copiedLabel={t("secret.copied")}
          testId="webhook-secret"
        />
        <Text size="sm" c="dimmed">
          {t("secret.howToUse")}
        </Text>
        <Group justify="flex-end">
          <Button onClick={props.onClose}>{t("secret.done")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

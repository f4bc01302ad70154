import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
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
        <TextInput
          label={t("secret.label")}
          value={props.secret ?? ""}
          readOnly
          data-testid="webhook-secret"
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          rightSection={
            <CopyButton value={props.secret ?? ""} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t("secret.copied") : t("secret.copy")} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? "teal" : "gray"}
                    onClick={copy}
                    aria-label={copied ? t("secret.copied") : t("secret.copy")}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
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

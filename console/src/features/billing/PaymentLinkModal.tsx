import {
  ActionIcon,
  Button,
  CopyButton,
  DataList,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconCheck, IconCopy, IconExternalLink } from "@tabler/icons-react";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import type { CreatedInvoice } from "./api";
import { formatCredits, formatMoney } from "./money";

/**
 * After "Buy": the invoice and its payment link. The page was already opened in a new tab;
 * the link stays here in case a pop-up blocker stopped it, or to pay later.
 */
export function PaymentLinkModal(props: { created: CreatedInvoice | null; onClose(): void }) {
  const t = useT("billing");
  const common = useT("common");
  const { language } = useLanguage();
  const invoice = props.created?.invoice;
  const url = props.created?.payment_url ?? "";
  return (
    <Modal
      opened={props.created !== null}
      onClose={props.onClose}
      title={t("payment.title")}
      centered
      size="lg"
    >
      {invoice ? (
        <Stack>
          <Text size="sm">{t("payment.opened")}</Text>
          <DataList labelWidth={120}>
            <DataList.Item>
              <DataList.ItemLabel>{t("payment.amount")}</DataList.ItemLabel>
              <DataList.ItemValue>
                {formatMoney(invoice.amount, invoice.currency, language)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t("payment.credits")}</DataList.ItemLabel>
              <DataList.ItemValue>{formatCredits(invoice.credits, language)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t("payment.invoice")}</DataList.ItemLabel>
              <DataList.ItemValue>{invoice.id}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
          <TextInput
            label={t("payment.link")}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            rightSection={
              <CopyButton value={url} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t("payment.copied") : t("payment.copy")} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? "teal" : "gray"}
                      onClick={copy}
                      aria-label={copied ? t("payment.copied") : t("payment.copy")}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
          <Text size="xs" c="dimmed">
            {t("payment.afterPaying")}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {common("actions.close")}
            </Button>
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={16} />}
              data-testid="payment-link"
            >
              {t("payment.open")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

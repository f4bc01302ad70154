import { Alert, Divider, Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { getWidgetSettings, widgetKeys } from "./api";
import { WidgetEmbedSection } from "./WidgetEmbedSection";
import { WidgetIdentitySecret } from "./WidgetIdentitySecret";
import { WidgetSettingsForm } from "./WidgetSettingsForm";

/** Loads the chat's widget settings; warns about a widget that cannot work; form, embed code, secret. */
export function WidgetSettingsPanel({ chatId }: { chatId: string }) {
  const t = useT("widget");
  const settings = useQuery({
    queryKey: widgetKeys.settings(chatId),
    queryFn: () => getWidgetSettings(chatId),
  });
  return (
    <QueryState query={settings}>
      {(data) => (
        <Stack gap="lg">
          {/* About the saved settings: that is what the live widget uses. */}
          {data.allowed_origins.length === 0 && (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              title={t("warnings.noOriginsTitle")}
              data-testid="widget-no-origins"
            >
              {t("warnings.noOrigins")}
            </Alert>
          )}
          {data.identity_required && !data.identity_secret_set && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("warnings.noSecretTitle")}>
              {t("warnings.noSecret")}
            </Alert>
          )}
          <WidgetSettingsForm chatId={chatId} settings={data} />
          <Divider />
          <WidgetEmbedSection snippet={data.embed_snippet} />
          <Divider />
          <WidgetIdentitySecret chatId={chatId} secretSet={data.identity_secret_set} />
        </Stack>
      )}
    </QueryState>
  );
}

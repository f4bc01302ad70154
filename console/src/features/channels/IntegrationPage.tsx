import { Anchor, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { QueryState } from "../../components/QueryState";
import { useFormatters } from "../../i18n/I18nProvider";
import { channelKeys, getIntegration } from "./api";
import { IntegrationChatsSection } from "./IntegrationChatsSection";
import { IntegrationSettingsCard } from "./IntegrationSettingsCard";
import { IntegrationStatusCard } from "./IntegrationStatusCard";
import { ProfileCard } from "./ProfileCard";
import { IntegrationStatusBadge } from "./StatusBadges";
import { useChannelWords } from "./useChannelWords";
import { hasVendorProfile, WIDGET_VENDOR } from "./vendor-facts";
import { WidgetStepsCard } from "./WidgetStepsCard";

/** /channels/:integrationId: one vendor account, its standing, settings and chats. */
export function IntegrationPage() {
  const { integrationId = "" } = useParams();
  const { t, vendor } = useChannelWords();
  const format = useFormatters();
  const integration = useQuery({
    queryKey: channelKeys.integration(integrationId),
    queryFn: () => getIntegration(integrationId),
  });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/channels" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t("page.back")}
        </Group>
      </Anchor>
      <QueryState query={integration}>
        {(data) => (
          <Stack gap="lg">
            <Stack gap={4}>
              <Group gap="sm" wrap="wrap">
                <Title order={2}>{data.name}</Title>
                <IntegrationStatusBadge status={data.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {t("page.subtitle", {
                  vendor: vendor(data.vendor),
                  created: format.dateTime(data.created_at),
                })}
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <IntegrationStatusCard integration={data} />
              {data.vendor === WIDGET_VENDOR ? (
                <WidgetStepsCard integrationId={data.id} />
              ) : hasVendorProfile(data.vendor) ? (
                <ProfileCard integration={data} />
              ) : null}
            </SimpleGrid>
            <IntegrationChatsSection integrationId={data.id} />
            <IntegrationSettingsCard key={data.updated_at} integration={data} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

import { Badge, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { businessHoursKeys, getBusinessHoursStatus } from "./api";

/** When the next change is, in the project's zone and the console's language. */
function localTime(iso: string, zone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** "Open now · until …" / "Closed until …", refreshed every minute. */
export function OpenNowLine() {
  const t = useT("businessHours");
  const { language } = useLanguage();
  const status = useQuery({
    queryKey: businessHoursKeys.status,
    queryFn: getBusinessHoursStatus,
    refetchInterval: 60_000,
  });
  const now = status.data;
  if (!now) return null;
  if (!now.enabled) {
    return (
      <Text size="sm" c="dimmed" data-testid="business-hours-now">
        {t("status.off")}
      </Text>
    );
  }
  const until = (iso: string | null) => (iso ? localTime(iso, now.timezone, language) : null);
  const closeAt = until(now.next_close_at);
  const openAt = until(now.next_open_at);
  return (
    <Group gap="xs" data-testid="business-hours-now">
      <Badge color={now.open ? "green" : "gray"} variant="light">
        {now.open ? t("status.open") : t("status.closed")}
      </Badge>
      <Text size="sm">
        {now.open
          ? closeAt
            ? t("status.openUntil", { time: closeAt })
            : t("status.alwaysOpen")
          : openAt
            ? t("status.closedUntil", { time: openAt })
            : t("status.neverOpens")}
      </Text>
    </Group>
  );
}

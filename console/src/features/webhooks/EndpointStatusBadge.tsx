import { Badge, Tooltip } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { WebhookEndpoint } from "./api";
import { endpointStatusView } from "./delivery-status";

/** Active / paused (by a person) / disabled by Parley, with the reason in a tooltip. */
export function EndpointStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT("webhooks");
  const view = endpointStatusView(endpoint);
  const badge = (
    <Badge color={view.color} variant="light" styles={{ label: { overflow: "visible" } }}>
      {t(`status.${view.state}`)}
    </Badge>
  );
  if (view.state !== "disabledByParley") return badge;
  const reason = view.reason === "other" ? view.rawReason : t(`status.reason.${view.reason}`);
  return (
    <Tooltip label={reason} withArrow multiline maw={280}>
      {badge}
    </Tooltip>
  );
}

/** "All events", or the chosen types. */
export function EndpointEvents({ events }: { events: string[] | null }) {
  const t = useT("webhooks");
  if (events === null) {
    return (
      <Badge variant="outline" color="gray">
        {t("events.all")}
      </Badge>
    );
  }
  return (
    <>
      {events.map((type) => (
        <Badge key={type} variant="outline" color="gray" mr={4} mb={4} tt="none">
          {type}
        </Badge>
      ))}
    </>
  );
}

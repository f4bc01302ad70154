import { Badge } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { Contact } from "./api";

/** The widget's anonymous visitors' external ids (src/modules/widget/visitor-service.ts). */
const WIDGET_VISITOR_PREFIX = "visitor:";

/**
 * One badge per identity that reaches the contact: the vendor, "Website widget" for a widget
 * visitor, or "API" for another external id.
 */
export function ChannelBadges({ contact }: { contact: Pick<Contact, "channels"> }) {
  const t = useT("contacts");
  if (contact.channels.length === 0) return <>—</>;
  return (
    <>
      {contact.channels.map((identity) => (
        <Badge
          key={`${identity.channel ?? "api"}:${identity.id}`}
          size="sm"
          variant="outline"
          title={identity.id}
        >
          {identity.channel ??
            (identity.id.startsWith(WIDGET_VISITOR_PREFIX) ? t("widgetChannel") : t("apiChannel"))}
        </Badge>
      ))}
    </>
  );
}

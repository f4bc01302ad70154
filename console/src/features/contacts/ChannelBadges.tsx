import { Badge } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { Contact } from "./api";

/** One badge per identity that reaches the contact: the vendor, or "API" for an external id. */
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
          {identity.channel ?? t("apiChannel")}
        </Badge>
      ))}
    </>
  );
}

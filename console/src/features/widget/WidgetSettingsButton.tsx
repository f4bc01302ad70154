import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconMessageChatbot } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useSignedIn } from "../../auth/SessionProvider";
import { useT } from "../../i18n/I18nProvider";
import { channelKeys, getIntegration } from "../channels/api";
import { WidgetSettingsDrawer } from "./WidgetSettingsDrawer";

/**
 * The chat row's "Widget settings" button (named in words: it is the widget channel's next step): only for admins, and only for chats of `parley`
 * integrations (the only ones with a widget). The integration comes from the integration page's
 * own query (same key), so this costs no request there.
 */
export function WidgetSettingsButton(props: { integrationId: string; chat: { id: string; name: string } }) {
  const t = useT("widget");
  const session = useSignedIn();
  const [opened, drawer] = useDisclosure(false);
  const integration = useQuery({
    queryKey: channelKeys.integration(props.integrationId),
    queryFn: () => getIntegration(props.integrationId),
    enabled: session.role === "admin",
  });
  if (session.role !== "admin" || integration.data?.vendor !== "parley") return null;
  return (
    <>
      <Button
        variant="light"
        size="compact-xs"
        leftSection={<IconMessageChatbot size={14} aria-hidden />}
        title={t("entry.label", { name: props.chat.name })}
        data-testid="widget-settings-button"
        onClick={drawer.open}
      >
        {t("entry.button")}
      </Button>
      <WidgetSettingsDrawer
        chatId={props.chat.id}
        chatName={props.chat.name}
        opened={opened}
        onClose={drawer.close}
      />
    </>
  );
}

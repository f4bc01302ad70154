import { Drawer } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { WidgetSettingsPanel } from "./WidgetSettingsPanel";

/** The web widget of one `parley` chat, in a side drawer (full width on a phone). */
export function WidgetSettingsDrawer(props: {
  chatId: string;
  chatName: string;
  opened: boolean;
  onClose(): void;
}) {
  const t = useT("widget");
  const common = useT("common");
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={t("drawer.title", { name: props.chatName })}
      closeButtonProps={{ "aria-label": common("actions.close") }}
    >
      {/* Mounted only while open: the settings load on opening, and a shown secret is gone once closed. */}
      {props.opened ? <WidgetSettingsPanel chatId={props.chatId} /> : null}
    </Drawer>
  );
}

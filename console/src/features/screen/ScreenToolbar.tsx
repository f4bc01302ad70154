import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBell, IconBellOff, IconFileSpreadsheet, IconKeyboard } from "@tabler/icons-react";
import { useState } from "react";
import { apiUrl } from "../../api/client";
import { useT } from "../../i18n/I18nProvider";
import { filtersToQuery, type InboxFilters } from "../inbox/filters";
import { notificationsEnabled, setNotificationsEnabled } from "./notifier";

/**
 * Above the conversation list: alerts on or off (stored in this browser), the list as CSV with
 * its filters (a download from GET /v1/threads/export.csv), and the shortcuts' help.
 */
export function ScreenToolbar({ filters, onHelp }: { filters: InboxFilters; onHelp(): void }) {
  const t = useT("screen");
  const [enabled, setEnabled] = useState(notificationsEnabled);
  const toggle = async () => {
    const on = !enabled;
    setEnabled(on);
    const permission = await setNotificationsEnabled(on);
    if (on && permission !== "granted")
      notifications.show({ color: "yellow", message: t("notify.soundOnly") });
  };
  const csv = apiUrl("/threads/export.csv", filtersToQuery(filters));
  return (
    <Group gap={4} justify="flex-end">
      <Tooltip label={enabled ? t("notify.turnOff") : t("notify.turnOn")}>
        <ActionIcon
          variant={enabled ? "light" : "subtle"}
          aria-label={enabled ? t("notify.turnOff") : t("notify.turnOn")}
          aria-pressed={enabled}
          data-testid="notifications-toggle"
          onClick={() => void toggle()}
        >
          {enabled ? <IconBell size={18} aria-hidden /> : <IconBellOff size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("export.csv")}>
        <ActionIcon
          component="a"
          href={csv}
          download
          variant="subtle"
          aria-label={t("export.csv")}
          data-testid="export-csv"
        >
          <IconFileSpreadsheet size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("shortcuts.title")}>
        <ActionIcon variant="subtle" aria-label={t("shortcuts.title")} onClick={onHelp}>
          <IconKeyboard size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

import { ActionIcon, Menu } from "@mantine/core";
import {
  IconCopy,
  IconDots,
  IconPlayerPause,
  IconPlayerPlay,
  IconSettings,
  IconTrash,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { useT } from "../../i18n/I18nProvider";
import type { Bot } from "./bots-api";
import { useBotActions } from "./use-bot-actions";

/** A bot row's actions: open, clone, disable/enable, delete (confirmed by the caller's modal). */
export function BotActionsMenu(props: { bot: Bot; onDelete(bot: Bot): void }) {
  const t = useT("bots");
  const { clone, toggle } = useBotActions();
  const { bot } = props;
  const busy =
    (clone.isPending && clone.variables?.id === bot.id) ||
    (toggle.isPending && toggle.variables?.id === bot.id);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t("actions.menu", { name: bot.name })} loading={busy}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={`/bots/${bot.id}`} leftSection={<IconSettings size={16} />}>
          {t("actions.open")}
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => clone.mutate(bot)}>
          {t("actions.clone")}
        </Menu.Item>
        <Menu.Item
          leftSection={bot.status === "active" ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={() => toggle.mutate(bot)}
        >
          {bot.status === "active" ? t("actions.disable") : t("actions.enable")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => props.onDelete(bot)}>
          {t("actions.delete")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

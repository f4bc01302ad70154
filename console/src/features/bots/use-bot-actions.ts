import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type Bot, botKeys, cloneBot, setBotStatus } from "./bots-api";

/** Clone and enable/disable, with their notifications and cache updates. */
export function useBotActions() {
  const t = useT("bots");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const fail = (error: unknown) =>
    notifications.show({ color: "red", title: t("actions.failed"), message: errorText(error) });

  const clone = useMutation({
    mutationFn: (bot: Bot) => cloneBot(bot.id),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: botKeys.all, exact: true });
      notifications.show({ color: "green", message: t("actions.cloned", { name: copy.name }) });
    },
    onError: fail,
  });

  const toggle = useMutation({
    mutationFn: (bot: Bot) => setBotStatus(bot.id, bot.status === "active" ? "disabled" : "active"),
    onSuccess: (bot) => {
      queryClient.setQueryData(botKeys.bot(bot.id), bot);
      void queryClient.invalidateQueries({ queryKey: botKeys.all, exact: true });
      notifications.show({
        color: "green",
        message: t(bot.status === "active" ? "actions.enabled" : "actions.disabled", { name: bot.name }),
      });
    },
    onError: fail,
  });

  return { clone, toggle };
}

import { Anchor, Stack, Table, VisuallyHidden } from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import { Link } from "react-router";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { BotActionsMenu } from "./BotActionsMenu";
import { BotModelCell } from "./BotModelCell";
import { BotStatusBadge } from "./BotStatusBadge";
import { type Bot, botKeys, type CatalogModel, getBotSettings } from "./bots-api";

/** The bots of the project. At phone width the model moves under the name and "created" hides. */
export function BotsTable(props: {
  bots: Bot[];
  models: readonly CatalogModel[];
  canManage: boolean;
  onDelete(bot: Bot): void;
}) {
  const t = useT("bots");
  const { dateTime } = useFormatters();
  const settings = useQueries({
    queries: props.bots.map((bot) => ({
      queryKey: botKeys.settings(bot.id),
      queryFn: () => getBotSettings(bot.id),
      staleTime: 60_000,
    })),
  });
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("list.name")}</Table.Th>
          <Table.Th visibleFrom="sm">{t("list.model")}</Table.Th>
          <Table.Th>{t("list.status")}</Table.Th>
          <Table.Th visibleFrom="md">{t("list.created")}</Table.Th>
          {props.canManage && (
            <Table.Th w={48}>
              <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.bots.map((bot, index) => (
          <Table.Tr key={bot.id} data-testid="bot-row" data-bot-id={bot.id}>
            <Table.Td style={{ maxWidth: 320 }}>
              <Stack gap={2}>
                <Anchor component={Link} to={`/bots/${bot.id}`} fw={500}>
                  {bot.name}
                </Anchor>
                <Stack hiddenFrom="sm" gap={0}>
                  <BotModelCell settings={settings[index]!} models={props.models} />
                </Stack>
              </Stack>
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ maxWidth: 280 }}>
              <BotModelCell settings={settings[index]!} models={props.models} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              <BotStatusBadge status={bot.status} />
            </Table.Td>
            <Table.Td visibleFrom="md">{dateTime(bot.created_at)}</Table.Td>
            {props.canManage && (
              <Table.Td>
                <BotActionsMenu bot={bot} onDelete={props.onDelete} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

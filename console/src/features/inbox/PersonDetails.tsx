import { Avatar, Badge, Code, Group, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { PersonEditor } from "./PersonEditor";
import type { ThreadDetail } from "./types";
import { useConversationNamer } from "./useConversationName";
import { useBots, useChats } from "./useInboxLookups";

/** The person, and the facts of the thread an operator asks about. */
export function PersonDetails({ thread }: { thread: ThreadDetail }) {
  const t = useT("inbox");
  const formatters = useFormatters();
  const chats = useChats();
  const bots = useBots();
  const person = thread.person;
  const labels = useConversationNamer()(thread);
  // "Visitor 12" rather than "unknown": the name the list and the header use.
  const name = labels.who;
  const takenOverBy = thread.taken_over_by
    ? (thread.taken_over_by.name ?? t(`side.actor.${thread.taken_over_by.type}`))
    : null;

  const rows: Array<[string, ReactNode]> = [
    ...contactRows(person, t),
    [t("side.externalId"), person?.external_id ? <Code key="external">{person.external_id}</Code> : "—"],
    [t("side.threadId"), <Code key="id">{thread.id}</Code>],
    [t("side.chat"), chats.byId.get(thread.chat_id)?.name ?? thread.chat_id],
    [t("side.bot"), bots.byId.get(thread.bot_id)?.name ?? thread.bot_id],
    [t("side.started"), formatters.dateTime(thread.created_at)],
    [
      t("side.messages"),
      t("side.messageStats", {
        total: thread.stats.messages_total,
        user: thread.stats.user_messages,
        bot: thread.stats.bot_messages,
      }),
    ],
    [t("side.assignee"), thread.assignee?.name ?? t("list.unassigned")],
  ];
  if (takenOverBy) {
    rows.push([
      t("side.takenOver"),
      t("side.takenOverValue", { name: takenOverBy, time: formatters.dateTime(thread.taken_over_at) }),
    ]);
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Avatar
          src={person?.avatar_url ?? null}
          name={person?.name ?? undefined}
          alt={name}
          color="initials"
        />
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate="end">
            {name}
          </Text>
          <Badge size="xs" variant="outline" w="fit-content" maw="100%">
            {labels.channel}
          </Badge>
        </Stack>
      </Group>
      {person && <PersonEditor key={person.id} person={person} />}
      <Table fz="xs" verticalSpacing={4} horizontalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" fw={500} c="dimmed" style={{ verticalAlign: "top" }}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The contact's own fields, when set (docs/contacts.md): email, phone, notes. */
function contactRows(person: ThreadDetail["person"], t: (key: string) => string): Array<[string, ReactNode]> {
  const rows: Array<[string, ReactNode]> = [];
  if (person?.email) rows.push([t("side.email"), person.email]);
  if (person?.phone) rows.push([t("side.phone"), person.phone]);
  if (person?.notes)
    rows.push([
      t("side.notes"),
      <span key="notes" style={{ whiteSpace: "pre-wrap" }}>
        {person.notes}
      </span>,
    ]);
  return rows;
}

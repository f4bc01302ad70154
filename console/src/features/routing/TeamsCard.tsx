import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { QueryState, useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import type { Operator } from "../team/api";
import {
  addTeamMember,
  createTeam,
  deleteTeam,
  listTeams,
  removeTeamMember,
  routingKeys,
  type Team,
} from "./api";

/**
 * The project's teams and their members (docs/routing.md). Admins create and delete teams and
 * change who is in them; operators see them.
 */
export function TeamsCard({ operators, manage }: { operators: Operator[]; manage: boolean }) {
  const t = useT("routing");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: routingKeys.teams, queryFn: listTeams });
  const [name, setName] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: routingKeys.teams });
  const onError = (error: unknown) => notifications.show({ color: "red", message: errorText(error) });
  const create = useMutation({
    mutationFn: createTeam,
    onSuccess: () => {
      setName("");
      refresh();
    },
    onError,
  });
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: refresh,
    onError,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="teams-title">
      <div>
        <Title order={3} id="teams-title">
          {t("teams.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("teams.subtitle")}
        </Text>
      </div>
      {manage && (
        <Group
          gap="xs"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate(name.trim());
          }}
        >
          <TextInput
            size="sm"
            placeholder={t("teams.namePlaceholder")}
            aria-label={t("teams.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={200}
            data-testid="team-name-input"
          />
          <Button type="submit" size="sm" loading={create.isPending} disabled={!name.trim()}>
            {t("teams.create")}
          </Button>
        </Group>
      )}
      <QueryState query={teams}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("teams.empty")}
            </Text>
          ) : (
            <Stack gap="xs">
              {list.map((team) => (
                <TeamRow
                  key={team.id}
                  team={team}
                  operators={operators}
                  manage={manage}
                  busy={change.isPending}
                  run={(action) => change.mutate(action)}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

function TeamRow(props: {
  team: Team;
  operators: Operator[];
  manage: boolean;
  busy: boolean;
  run(action: () => Promise<unknown>): void;
}) {
  const t = useT("routing");
  const { team } = props;
  const memberIds = new Set(team.members.map((m) => m.id));
  const candidates = props.operators.filter((o) => !memberIds.has(o.id));
  return (
    <Card withBorder padding="sm" data-testid="team-card" data-team-id={team.id}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{team.name}</Text>
        {props.manage && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("teams.delete", { name: team.name })}
            disabled={props.busy}
            onClick={() =>
              window.confirm(t("teams.confirmDelete", { name: team.name })) &&
              props.run(() => deleteTeam(team.id))
            }
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <Group gap={6} mt="xs" wrap="wrap">
        {team.members.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("teams.noMembers")}
          </Text>
        )}
        {team.members.map((member) => (
          <Badge
            key={member.id}
            variant="light"
            rightSection={
              props.manage ? (
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={t("teams.removeMember", { name: member.name, team: team.name })}
                  disabled={props.busy}
                  onClick={() => props.run(() => removeTeamMember(team.id, member.id))}
                >
                  <IconX size={12} aria-hidden />
                </ActionIcon>
              ) : null
            }
          >
            {member.name}
          </Badge>
        ))}
        {props.manage && candidates.length > 0 && (
          <Select
            size="xs"
            w={180}
            placeholder={t("teams.addMember")}
            aria-label={t("teams.addMemberTo", { team: team.name })}
            data={candidates.map((o) => ({ value: o.id, label: o.name }))}
            value={null}
            disabled={props.busy}
            onChange={(operatorId) => operatorId && props.run(() => addTeamMember(team.id, operatorId))}
          />
        )}
      </Group>
    </Card>
  );
}

import { Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { listTeams, routingKeys, setThreadTeam } from "./api";

/**
 * Which team's queue the thread is in; choosing another moves it there (docs/routing.md).
 * `onMoved` gets the thread as the server answered it, for the caller's caches.
 */
export function ThreadTeamControl<
  T extends { id: string; team?: { id: string; name: string } | null },
>(props: { thread: T; onMoved(thread: T): void }) {
  const t = useT("routing");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: routingKeys.teams, queryFn: listTeams, staleTime: 60_000 });
  const move = useMutation({
    mutationFn: (teamId: string | null) => setThreadTeam<T>(props.thread.id, teamId),
    onSuccess: (thread) => {
      props.onMoved(thread);
      queryClient.invalidateQueries({ queryKey: ["inbox", "threads"] });
      notifications.show({
        color: "green",
        message: thread.team ? t("thread.moved", { team: thread.team.name }) : t("thread.movedToProject"),
      });
    },
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });
  const none = "__none__";
  return (
    <Select
      size="xs"
      label={t("thread.label")}
      data-testid="thread-team-select"
      value={props.thread.team?.id ?? none}
      disabled={move.isPending || teams.isPending}
      allowDeselect={false}
      data={[
        { value: none, label: t("thread.noTeam") },
        ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
      ]}
      onChange={(value) => value && move.mutate(value === none ? null : value)}
    />
  );
}

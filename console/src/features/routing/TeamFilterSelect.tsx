import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useT } from "../../i18n/I18nProvider";
import { listTeams, routingKeys } from "./api";

const NONE = "none";

/** The inbox's Team filter: a team's queue, or threads in no team's (docs/routing.md). */
export function TeamFilterSelect(props: { value: string | null; onChange(team: string | null): void }) {
  const t = useT("routing");
  const teams = useQuery({ queryKey: routingKeys.teams, queryFn: listTeams, staleTime: 60_000 });
  return (
    <Select
      label={t("filter.label")}
      placeholder={t("filter.any")}
      data={[
        { value: NONE, label: t("filter.none") },
        ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
      ]}
      value={props.value}
      onChange={props.onChange}
      clearable
      comboboxProps={{ withinPortal: false }}
      data-testid="team-filter"
    />
  );
}

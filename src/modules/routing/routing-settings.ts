import type { Repos } from "../../storage/repos/index.js";
import { DEFAULT_OFFLINE_AFTER_MINUTES } from "../operators/index.js";

/** A project's routing settings (docs/routing.md), with the defaults for a project that set none. */
export interface RoutingSettings {
  autoAssign: boolean;
  offlineAfterMinutes: number;
  handoffTeam: { id: string; name: string } | null;
}

export async function readSettings(repos: Repos, projectId: string): Promise<RoutingSettings> {
  const row = await repos.routing.settings(projectId);
  if (!row)
    return { autoAssign: false, offlineAfterMinutes: DEFAULT_OFFLINE_AFTER_MINUTES, handoffTeam: null };
  const team = row.handoff_team_id ? await repos.teams.find(projectId, row.handoff_team_id) : undefined;
  return {
    autoAssign: Number(row.auto_assign) === 1,
    offlineAfterMinutes: Number(row.offline_after_minutes),
    handoffTeam: team ? { id: team.id, name: team.name } : null,
  };
}

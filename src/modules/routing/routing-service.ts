import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { conflict, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Logger } from "../../infra/logging.js";
import type { Repos } from "../../storage/repos/index.js";
import type { TeamRow } from "../../storage/repos/teams.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import { assertAdmin } from "../operators/index.js";
import { type ReplyWindow, replyWindows } from "../threads/index.js";
import type { Router } from "./router.js";
import { readSettings } from "./routing-settings.js";
import type { RoutingSettingsView, Team } from "./schemas.js";

export interface RoutingServiceDeps {
  repos: Repos;
  transactor: Transactor;
  router: Router;
  clock: Clock;
  newId: IdGenerator;
  log: Logger;
  /** The caller's thread (404/403 as the threads API answers). */
  resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow>;
}

const teamExists = (name: string) =>
  conflict("team_exists", `The project already has a team named '${name}'.`);

/**
 * Teams, the thread's team, the routing settings, and routing's turn when an operator may take
 * work (docs/routing.md). Changing teams and settings is an admin's; reading them anyone's.
 */
export class RoutingService {
  constructor(private readonly deps: RoutingServiceDeps) {}

  async listTeams(auth: AuthContext): Promise<{ data: Team[] }> {
    const repos = this.deps.repos;
    const [teams, members, names] = await Promise.all([
      repos.teams.list(auth.projectId),
      repos.teams.membersByTeam(auth.projectId),
      this.operatorNames(auth.projectId),
    ]);
    return { data: teams.map((team) => toTeam(team, members.get(team.id) ?? [], names)) };
  }

  async getTeam(auth: AuthContext, teamId: string, repos = this.deps.repos): Promise<Team> {
    const team = await repos.teams.find(auth.projectId, teamId);
    if (!team) throw notFound("team", teamId);
    const [members, names] = await Promise.all([
      repos.teams.memberIds(team.id),
      this.operatorNames(auth.projectId, repos),
    ]);
    return toTeam(team, members, names);
  }

  async createTeam(auth: AuthContext, name: string): Promise<Team> {
    assertAdmin(auth);
    const now = this.deps.clock.now().toISOString();
    const id = this.deps.newId("team");
    const inserted = await this.deps.repos.teams.insert({
      id,
      project_id: auth.projectId,
      name,
      created_at: now,
      updated_at: now,
    });
    if (!inserted) throw teamExists(name);
    return this.getTeam(auth, id);
  }

  async renameTeam(auth: AuthContext, teamId: string, name: string): Promise<Team> {
    assertAdmin(auth);
    return this.deps.repos.transaction(async (repos) => {
      if (!(await repos.teams.find(auth.projectId, teamId))) throw notFound("team", teamId);
      if (!(await repos.teams.rename(auth.projectId, teamId, name, this.deps.clock.now().toISOString()))) {
        throw teamExists(name);
      }
      await repos.threads.renameTeam(teamId, name);
      return this.getTeam(auth, teamId, repos);
    });
  }

  /** Deletes the team: its threads go back to the project's queue (their assignees stay). */
  async deleteTeam(auth: AuthContext, teamId: string): Promise<{ id: string; deleted: true }> {
    assertAdmin(auth);
    await this.deps.repos.transaction(async (repos) => {
      if (!(await repos.teams.find(auth.projectId, teamId))) throw notFound("team", teamId);
      await repos.threads.unqueueTeam(auth.projectId, teamId);
      await repos.routing.forgetHandoffTeam(auth.projectId, teamId);
      await repos.teams.delete(auth.projectId, teamId);
    });
    return { id: teamId, deleted: true };
  }

  async addMember(auth: AuthContext, teamId: string, operatorId: string): Promise<Team> {
    assertAdmin(auth);
    const repos = this.deps.repos;
    if (!(await repos.teams.find(auth.projectId, teamId))) throw notFound("team", teamId);
    if (!(await repos.operators.findMember(auth.projectId, operatorId)))
      throw notFound("operator", operatorId);
    await repos.teams.addMember(auth.projectId, teamId, operatorId, this.deps.clock.now().toISOString());
    // A new member may take the team's queued conversations now.
    await this.operatorAvailable(auth.projectId, operatorId);
    return this.getTeam(auth, teamId);
  }

  async removeMember(auth: AuthContext, teamId: string, operatorId: string): Promise<Team> {
    assertAdmin(auth);
    if (!(await this.deps.repos.teams.find(auth.projectId, teamId))) throw notFound("team", teamId);
    await this.deps.repos.teams.removeMember(teamId, operatorId);
    return this.getTeam(auth, teamId);
  }

  /**
   * Queues the thread to a team (or back to the project's queue). A thread waiting for a person
   * without an assignee is then routed within its new queue; an assignee stays.
   */
  /** The thread after the move, with its label names (the Thread object shows them). */
  async setThreadTeam(
    auth: AuthContext,
    threadId: string,
    teamId: string | null,
  ): Promise<{ row: ThreadRow; labels: string[]; replyWindow?: ReplyWindow }> {
    const row = await this.moveToTeam(auth, threadId, teamId);
    const labels = await this.deps.repos.labels.namesByThread(auth.projectId, [row.id]);
    const windows = await replyWindows(this.deps.repos, auth.projectId, [row], this.deps.clock.now());
    const replyWindow = windows.get(row.id);
    return { row, labels: labels.get(row.id) ?? [], ...(replyWindow ? { replyWindow } : {}) };
  }

  private async moveToTeam(auth: AuthContext, threadId: string, teamId: string | null): Promise<ThreadRow> {
    const thread = await this.deps.resolveThread(auth, threadId);
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const team = teamId === null ? null : await unit.repos.teams.find(auth.projectId, teamId);
      if (team === undefined) throw notFound("team", teamId ?? "");
      const current = (await unit.repos.threads.find(auth.projectId, thread.id)) ?? thread;
      if (current.team_id !== (team?.id ?? null)) {
        await unit.repos.threads.update(auth.projectId, thread.id, {
          team_id: team?.id ?? null,
          team_name: team?.name ?? null,
          updated_at: this.deps.clock.now().toISOString(),
        });
        current.team_id = team?.id ?? null;
        current.team_name = team?.name ?? null;
        await this.deps.router.route(unit.repos, unit.record, current);
      }
      return (await unit.repos.threads.find(auth.projectId, thread.id)) ?? current;
    });
  }

  async settings(auth: AuthContext): Promise<RoutingSettingsView> {
    const settings = await readSettings(this.deps.repos, auth.projectId);
    return {
      auto_assign: settings.autoAssign,
      offline_after_minutes: settings.offlineAfterMinutes,
      handoff_team: settings.handoffTeam,
    };
  }

  async updateSettings(
    auth: AuthContext,
    input: { auto_assign?: boolean; offline_after_minutes?: number; handoff_team_id?: string | null },
  ): Promise<RoutingSettingsView> {
    assertAdmin(auth);
    const repos = this.deps.repos;
    const current = await readSettings(repos, auth.projectId);
    if (input.handoff_team_id) {
      if (!(await repos.teams.find(auth.projectId, input.handoff_team_id))) {
        throw notFound("team", input.handoff_team_id);
      }
    }
    await repos.routing.saveSettings({
      project_id: auth.projectId,
      auto_assign: (input.auto_assign ?? current.autoAssign) ? 1 : 0,
      offline_after_minutes: input.offline_after_minutes ?? current.offlineAfterMinutes,
      handoff_team_id:
        input.handoff_team_id === undefined ? (current.handoffTeam?.id ?? null) : input.handoff_team_id,
      updated_at: this.deps.clock.now().toISOString(),
    });
    return this.settings(auth);
  }

  /** Routing's turn when an operator may take work now: their share of the queues (docs/routing.md). */
  async operatorAvailable(projectId: string, operatorId: string): Promise<void> {
    await this.deps.transactor.run(projectId, (unit) =>
      this.deps.router.drainFor(unit.repos, unit.record, projectId, operatorId),
    );
  }

  /** After an operator's activity was recorded: as operatorAvailable, never failing the request. */
  async operatorSeen(projectId: string, operatorId: string): Promise<void> {
    try {
      await this.operatorAvailable(projectId, operatorId);
    } catch (error) {
      this.deps.log.warn(
        { err: error, projectId, operatorId },
        "routing could not offer queued conversations",
      );
    }
  }

  private async operatorNames(projectId: string, repos = this.deps.repos): Promise<Map<string, string>> {
    const members = await repos.operators.listMembers(projectId);
    return new Map(members.map((member) => [member.id, member.name]));
  }
}

function toTeam(team: TeamRow, memberIds: string[], names: Map<string, string>): Team {
  return {
    id: team.id,
    name: team.name,
    members: memberIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    created_at: team.created_at,
    updated_at: team.updated_at,
  };
}

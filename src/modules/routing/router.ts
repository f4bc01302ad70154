import type { DomainEvent } from "../../events/domain-event.js";
import { assigneeOf } from "../../events/message.js";
import type { Clock } from "../../infra/clock.js";
import type { Repos } from "../../storage/repos/index.js";
import type { RoutingCandidate } from "../../storage/repos/routing.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import { effectiveAvailability } from "../operators/index.js";
import { type RoutingSettings, readSettings } from "./routing-settings.js";

type Record = (event: DomainEvent) => void;

/** How many queued conversations one drain looks at, at most (the operator's capacity bounds it first). */
const DRAIN_BATCH = 100;

/**
 * Auto-assignment (docs/routing.md): round robin among the operators of a thread's team (or of
 * the project, when it has none) who are effectively online and under their capacity. Every
 * call runs inside the caller's transaction and first locks the project's routing, so parallel
 * hand-offs are assigned one after another: each reads the capacities and the cursor the
 * previous one committed, and a thread gets exactly one assignee.
 */
export class Router {
  constructor(private readonly deps: { clock: Clock }) {}

  /**
   * A thread was just handed to people: queue it to the hand-off team when it has no team, and,
   * with `auto_assign` on, assign it when it has no assignee. Returns the operator chosen, if any.
   */
  async handedOff(repos: Repos, record: Record, thread: ThreadRow): Promise<string | null> {
    const settings = await readSettings(repos, thread.project_id);
    if (thread.team_id === null && settings.handoffTeam !== null) {
      await repos.threads.update(thread.project_id, thread.id, {
        team_id: settings.handoffTeam.id,
        team_name: settings.handoffTeam.name,
      });
      thread.team_id = settings.handoffTeam.id;
      thread.team_name = settings.handoffTeam.name;
    }
    return this.route(repos, record, thread, settings);
  }

  /** Assigns the thread when auto-assignment is on and it waits unassigned for a person. */
  async route(
    repos: Repos,
    record: Record,
    thread: ThreadRow,
    settings?: RoutingSettings,
  ): Promise<string | null> {
    const current = settings ?? (await readSettings(repos, thread.project_id));
    if (!current.autoAssign || thread.assignee_id !== null || !isHumanMode(thread.mode)) return null;
    await repos.routing.lockProject(thread.project_id);
    // After the lock: another assignment may have taken it meanwhile.
    const fresh = await repos.threads.find(thread.project_id, thread.id);
    if (!fresh || fresh.assignee_id !== null || !isHumanMode(fresh.mode)) return null;
    const scope = fresh.team_id ?? "";
    const [candidates, open, last] = await Promise.all([
      repos.routing.candidates(fresh.project_id, fresh.team_id),
      repos.routing.openCounts(fresh.project_id),
      repos.routing.cursor(fresh.project_id, scope),
    ]);
    const now = this.deps.clock.now();
    const free = candidates.filter(
      (c) => takesWork(c, now, current.offlineAfterMinutes) && hasRoom(c, open.get(c.id) ?? 0),
    );
    const chosen = nextAfter(free, last);
    if (!chosen) return null;
    await repos.routing.setCursor(fresh.project_id, scope, chosen.id);
    await assign(repos, record, fresh, chosen, now);
    Object.assign(thread, { assignee_id: chosen.id, assignee_name: chosen.name });
    return chosen.id;
  }

  /**
   * The operator may take work now (set online, came back, given more room): with
   * `auto_assign` on, assigns them the oldest conversations queued to the project or to one of
   * their teams, up to their capacity. Returns the threads assigned.
   */
  async drainFor(repos: Repos, record: Record, projectId: string, operatorId: string): Promise<string[]> {
    const settings = await readSettings(repos, projectId);
    if (!settings.autoAssign) return [];
    await repos.routing.lockProject(projectId);
    const member = (await repos.routing.candidates(projectId, null)).find((c) => c.id === operatorId);
    const now = this.deps.clock.now();
    if (!member || !takesWork(member, now, settings.offlineAfterMinutes)) return [];
    const open = (await repos.routing.openCounts(projectId)).get(operatorId) ?? 0;
    const room =
      member.capacity === null ? DRAIN_BATCH : Math.min(DRAIN_BATCH, Number(member.capacity) - open);
    if (room <= 0) return [];
    const teams = await repos.teams.teamsOf(projectId, operatorId);
    const queued = await repos.routing.queued(projectId, teams, room);
    for (const thread of queued) await assign(repos, record, thread, member, now);
    return queued.map((thread) => thread.id);
  }
}

const isHumanMode = (mode: string) => mode === "manual" || mode === "operator";

function takesWork(candidate: RoutingCandidate, now: Date, offlineAfterMinutes: number): boolean {
  return effectiveAvailability(candidate, now, offlineAfterMinutes) === "online";
}

function hasRoom(candidate: RoutingCandidate, open: number): boolean {
  return candidate.capacity === null || open < Number(candidate.capacity);
}

/** The round robin: the first candidate (by id) after the one given a thread last, wrapping round. */
function nextAfter(candidates: RoutingCandidate[], last: string | null): RoutingCandidate | undefined {
  if (last === null) return candidates[0];
  return candidates.find((c) => c.id > last) ?? candidates[0];
}

async function assign(
  repos: Repos,
  record: Record,
  thread: ThreadRow,
  operator: { id: string; name: string },
  now: Date,
): Promise<void> {
  await repos.threads.update(thread.project_id, thread.id, {
    assignee_id: operator.id,
    assignee_name: operator.name,
    updated_at: now.toISOString(),
  });
  record({
    type: "thread.assigned",
    threadId: thread.id,
    chatId: thread.chat_id,
    assignee: { id: operator.id, name: operator.name },
    previousAssignee: assigneeOf(thread),
    source: "routing",
  });
}

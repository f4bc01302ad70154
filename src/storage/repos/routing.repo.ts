import { type Kysely, type Selectable, sql } from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";
import type { OperatorAvailability, RoutingSettingsTable } from "../schema-operators.js";
import type { ThreadRow } from "./threads.repo.js";

export type RoutingSettingsRow = Selectable<RoutingSettingsTable>;

/** A member as routing weighs them. */
export interface RoutingCandidate {
  id: string;
  name: string;
  availability: OperatorAvailability;
  capacity: number | null;
  last_seen_at: string | null;
}

/**
 * Open work of a person (docs/routing.md, "Capacity"): a thread in a human mode whose status is
 * open or pending counts against its assignee's capacity; snoozed and resolved ones do not.
 */
const OPEN_MODES = ["manual", "operator"] as const;
const WORKING_STATUSES = ["open", "pending"] as const;

/** Routing's settings, cursors and the reads auto-assignment makes (docs/routing.md). */
export class RoutingRepo {
  constructor(private readonly db: Kysely<Database>) {}

  settings(projectId: string): Promise<RoutingSettingsRow | undefined> {
    return this.db
      .selectFrom("routing_settings")
      .selectAll()
      .where("project_id", "=", projectId)
      .executeTakeFirst();
  }

  async saveSettings(row: RoutingSettingsRow): Promise<void> {
    await this.db
      .insertInto("routing_settings")
      .values(row)
      .onConflict((oc) =>
        oc.column("project_id").doUpdateSet({
          auto_assign: row.auto_assign,
          offline_after_minutes: row.offline_after_minutes,
          handoff_team_id: row.handoff_team_id,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** A deleted team is no longer the hand-off team. */
  async forgetHandoffTeam(projectId: string, teamId: string): Promise<void> {
    await this.db
      .updateTable("routing_settings")
      .set({ handoff_team_id: null })
      .where("project_id", "=", projectId)
      .where("handoff_team_id", "=", teamId)
      .execute();
  }

  /**
   * Locks the project's routing until the transaction ends: auto-assignments of a project run
   * one at a time, so capacities and the cursor are read after the previous one committed
   * (PostgreSQL: the upsert takes the row lock; SQLite: its one writer serialises already).
   */
  async lockProject(projectId: string): Promise<void> {
    await this.db
      .insertInto("routing_cursors")
      .values({ project_id: projectId, scope: "", last_operator_id: null })
      .onConflict((oc) => oc.columns(["project_id", "scope"]).doUpdateSet({ scope: "" }))
      .execute();
  }

  async cursor(projectId: string, scope: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("routing_cursors")
      .select("last_operator_id")
      .where("project_id", "=", projectId)
      .where("scope", "=", scope)
      .executeTakeFirst();
    return row?.last_operator_id ?? null;
  }

  async setCursor(projectId: string, scope: string, operatorId: string): Promise<void> {
    await this.db
      .insertInto("routing_cursors")
      .values({ project_id: projectId, scope, last_operator_id: operatorId })
      .onConflict((oc) => oc.columns(["project_id", "scope"]).doUpdateSet({ last_operator_id: operatorId }))
      .execute();
  }

  /** The project's members (or a team's), ordered by id: the round robin's circle. */
  candidates(projectId: string, teamId: string | null): Promise<RoutingCandidate[]> {
    let q = this.db
      .selectFrom("project_members as m")
      .innerJoin("operators as o", "o.id", "m.operator_id")
      .select(["o.id", "o.name", "m.availability", "m.capacity", "m.last_seen_at"])
      .where("m.project_id", "=", projectId);
    if (teamId !== null) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom("team_members as tm")
            .select("tm.operator_id")
            .whereRef("tm.operator_id", "=", "m.operator_id")
            .where("tm.team_id", "=", teamId),
        ),
      );
    }
    return q.orderBy("o.id").execute();
  }

  /** Open assigned threads per operator of the project (see OPEN_MODES). */
  async openCounts(projectId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("threads")
      .select(["assignee_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("project_id", "=", projectId)
      .where("assignee_id", "is not", null)
      .where("mode", "in", OPEN_MODES)
      .where("status", "in", WORKING_STATUSES)
      .groupBy("assignee_id")
      .execute();
    return new Map(rows.map((row) => [row.assignee_id as string, Number(row.n)]));
  }

  /**
   * Threads waiting in a queue an operator serves — handed to people, unassigned, of no team or
   * of one of `teamIds` — oldest first. PostgreSQL skips threads another transaction is
   * changing now (that change routes them itself), so this never waits on a thread's lock while
   * holding the routing lock.
   */
  queued(projectId: string, teamIds: string[], limit: number): Promise<ThreadRow[]> {
    const q = this.db
      .selectFrom("threads")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("assignee_id", "is", null)
      .where("mode", "in", OPEN_MODES)
      // Only conversations that need someone now: a pending, snoozed or resolved one waits.
      .where("status", "=", "open")
      .where((eb) =>
        teamIds.length === 0
          ? eb("team_id", "is", null)
          : eb.or([eb("team_id", "is", null), eb("team_id", "in", teamIds)]),
      )
      .orderBy(sql`coalesce(last_message_at, created_at)`)
      .orderBy("id")
      .limit(limit);
    return (dialectOf(this.db) === "postgres" ? q.forUpdate().skipLocked() : q).execute();
  }
}

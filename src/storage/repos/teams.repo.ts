import type { Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { TeamsTable } from "../schema-operators.js";

export type TeamRow = Selectable<TeamsTable>;

/** Teams of a project's operators and who is in them (docs/routing.md). */
export class TeamsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(projectId: string): Promise<TeamRow[]> {
    return this.db
      .selectFrom("teams")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("name")
      .orderBy("id")
      .execute();
  }

  find(projectId: string, id: string): Promise<TeamRow | undefined> {
    return this.db
      .selectFrom("teams")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  findByName(projectId: string, name: string): Promise<TeamRow | undefined> {
    return this.db
      .selectFrom("teams")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("name", "=", name)
      .executeTakeFirst();
  }

  /**
   * Inserts the team unless the project has one of this name; true when this call inserted it
   * (a racing create waits, then inserts nothing: docs/api.md, "Concurrent creates").
   */
  async insert(row: TeamRow): Promise<boolean> {
    const result = await this.db
      .insertInto("teams")
      .values(row)
      .onConflict((oc) => oc.columns(["project_id", "name"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Renames unless another team of the project has the name; true when renamed. */
  async rename(projectId: string, id: string, name: string, now: string): Promise<boolean> {
    const taken = await this.findByName(projectId, name);
    if (taken && taken.id !== id) return false;
    await this.db
      .updateTable("teams")
      .set({ name, updated_at: now })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
    return true;
  }

  async delete(projectId: string, id: string): Promise<void> {
    await this.db.deleteFrom("teams").where("project_id", "=", projectId).where("id", "=", id).execute();
  }

  /** Every team's member ids, by team, for the project. */
  async membersByTeam(projectId: string): Promise<Map<string, string[]>> {
    const rows = await this.db
      .selectFrom("team_members")
      .select(["team_id", "operator_id"])
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("operator_id")
      .execute();
    const byTeam = new Map<string, string[]>();
    for (const row of rows) byTeam.set(row.team_id, [...(byTeam.get(row.team_id) ?? []), row.operator_id]);
    return byTeam;
  }

  async memberIds(teamId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("team_members")
      .select("operator_id")
      .where("team_id", "=", teamId)
      .execute();
    return rows.map((row) => row.operator_id);
  }

  /** The teams an operator is in, in the project. */
  async teamsOf(projectId: string, operatorId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("team_members")
      .select("team_id")
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .execute();
    return rows.map((row) => row.team_id);
  }

  /** Adds a member unless they are one already (idempotent). */
  async addMember(projectId: string, teamId: string, operatorId: string, now: string): Promise<void> {
    await this.db
      .insertInto("team_members")
      .values({ team_id: teamId, operator_id: operatorId, project_id: projectId, created_at: now })
      .onConflict((oc) => oc.columns(["team_id", "operator_id"]).doNothing())
      .execute();
  }

  async removeMember(teamId: string, operatorId: string): Promise<void> {
    await this.db
      .deleteFrom("team_members")
      .where("team_id", "=", teamId)
      .where("operator_id", "=", operatorId)
      .execute();
  }

  /** Takes an operator out of every team of the project (they left it). */
  async removeOperator(projectId: string, operatorId: string): Promise<void> {
    await this.db
      .deleteFrom("team_members")
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .execute();
  }
}

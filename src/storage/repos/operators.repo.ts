import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "../schema.js";
import type {
  OperatorAvailability,
  OperatorRole,
  OperatorSessionsTable,
  OperatorsTable,
  ProjectMembersTable,
} from "../schema-operators.js";

export type OperatorRow = Selectable<OperatorsTable>;
export type SessionRow = Selectable<OperatorSessionsTable>;

/** An operator as a member of one project. */
export interface MemberRow {
  id: string;
  organization_id: string;
  email: string;
  name: string;
  role: OperatorRole;
  created_at: string;
  last_sign_in_at: string | null;
  /** Set by hand; routing also needs recent activity (docs/routing.md). */
  availability: OperatorAvailability;
  capacity: number | null;
  last_seen_at: string | null;
}

/** A live session with its operator and their role in the session's project, in one read. */
export interface SessionAuthRow {
  session_id: string;
  project_id: string;
  organization_id: string;
  operator_id: string;
  name: string;
  email: string;
  role: OperatorRole;
  expires_at: string;
  /** Their membership's last activity (docs/routing.md). */
  last_seen_at: string | null;
}

/** Console people: accounts, project memberships and sessions (docs/console.md). */
export class OperatorsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private members() {
    return this.db
      .selectFrom("project_members")
      .innerJoin("operators", "operators.id", "project_members.operator_id")
      .select([
        "operators.id",
        "operators.organization_id",
        "operators.email",
        "operators.name",
        "project_members.role",
        "project_members.created_at",
        "project_members.last_sign_in_at",
        "project_members.availability",
        "project_members.capacity",
        "project_members.last_seen_at",
      ]);
  }

  findMember(projectId: string, operatorId: string): Promise<MemberRow | undefined> {
    return this.members()
      .where("project_members.project_id", "=", projectId)
      .where("operators.id", "=", operatorId)
      .executeTakeFirst();
  }

  listMembers(projectId: string): Promise<MemberRow[]> {
    return this.members()
      .where("project_members.project_id", "=", projectId)
      .orderBy("operators.name")
      .orderBy("operators.id")
      .execute();
  }

  async countAdmins(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom("project_members")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("project_id", "=", projectId)
      .where("role", "=", "admin")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findById(id: string): Promise<OperatorRow | undefined> {
    return this.db.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByEmail(organizationId: string, email: string): Promise<OperatorRow | undefined> {
    return this.db
      .selectFrom("operators")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .where("email", "=", email)
      .executeTakeFirst();
  }

  /** Every account with this email, across organizations (sign-in checks the password of each). */
  findAllByEmail(email: string): Promise<OperatorRow[]> {
    return this.db
      .selectFrom("operators")
      .selectAll()
      .where("email", "=", email)
      .orderBy("created_at")
      .execute();
  }

  /**
   * Inserts the account unless the organization has one with this email; true when this call
   * inserted it. On PostgreSQL a racing request's insert waits for this one's transaction and
   * then inserts nothing, instead of failing with a unique violation that would abort its
   * transaction (docs/api.md, "Concurrent creates").
   */
  async insert(row: OperatorRow): Promise<boolean> {
    const result = await this.db
      .insertInto("operators")
      .values(row)
      .onConflict((oc) => oc.columns(["organization_id", "email"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async update(id: string, patch: Updateable<OperatorsTable>): Promise<void> {
    await this.db.updateTable("operators").set(patch).where("id", "=", id).execute();
  }

  /** Adds the operator to the project unless they are in it already; true when this call added them. */
  async insertMember(row: Insertable<ProjectMembersTable>): Promise<boolean> {
    const result = await this.db
      .insertInto("project_members")
      .values(row)
      .onConflict((oc) => oc.columns(["project_id", "operator_id"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async setRole(projectId: string, operatorId: string, role: OperatorRole): Promise<void> {
    await this.db
      .updateTable("project_members")
      .set({ role })
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .execute();
  }

  async removeMember(projectId: string, operatorId: string): Promise<void> {
    await this.db
      .deleteFrom("project_members")
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .execute();
  }

  /** The projects an operator belongs to, with names, oldest membership first. */
  memberships(operatorId: string): Promise<Array<{ id: string; name: string; role: OperatorRole }>> {
    return this.db
      .selectFrom("project_members")
      .innerJoin("projects", "projects.id", "project_members.project_id")
      .select(["projects.id", "projects.name", "project_members.role"])
      .where("project_members.operator_id", "=", operatorId)
      .orderBy("project_members.created_at")
      .orderBy("projects.id")
      .execute();
  }

  /** A sign-in (or a switch to the project) is activity too (docs/routing.md). */
  async touchSignIn(projectId: string, operatorId: string, at: string): Promise<void> {
    await this.db
      .updateTable("project_members")
      .set({ last_sign_in_at: at, last_seen_at: at })
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .execute();
  }

  /**
   * Records activity: sets last_seen_at unless it is at or after `staleBefore` already, so a
   * busy operator costs one write a minute, not one per request (docs/routing.md). True when written.
   */
  async touchSeen(projectId: string, operatorId: string, at: string, staleBefore: string): Promise<boolean> {
    const result = await this.db
      .updateTable("project_members")
      .set({ last_seen_at: at })
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<", staleBefore)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Availability and capacity, as routing reads them (docs/routing.md). */
  async updateRouting(
    projectId: string,
    operatorId: string,
    patch: { availability?: OperatorAvailability; capacity?: number | null },
  ): Promise<void> {
    await this.db
      .updateTable("project_members")
      .set(patch)
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .execute();
  }

  async insertSession(row: SessionRow): Promise<void> {
    await this.db.insertInto("operator_sessions").values(row).execute();
  }

  /**
   * The session behind a cookie, if it is live: not revoked, not expired, and its operator
   * still a member of its project (removal from the project ends the session at once).
   */
  findLiveSession(tokenHash: string, now: string): Promise<SessionAuthRow | undefined> {
    return this.db
      .selectFrom("operator_sessions as s")
      .innerJoin("operators as o", "o.id", "s.operator_id")
      .innerJoin("project_members as m", (join) =>
        join.onRef("m.operator_id", "=", "s.operator_id").onRef("m.project_id", "=", "s.project_id"),
      )
      .select([
        "s.id as session_id",
        "s.project_id",
        "o.organization_id",
        "o.id as operator_id",
        "o.name",
        "o.email",
        "m.role",
        "s.expires_at",
        "m.last_seen_at",
      ])
      .where("s.token_hash", "=", tokenHash)
      .where("s.revoked_at", "is", null)
      .where("s.expires_at", ">", now)
      .executeTakeFirst();
  }

  async setSessionProject(sessionId: string, projectId: string): Promise<void> {
    await this.db
      .updateTable("operator_sessions")
      .set({ project_id: projectId })
      .where("id", "=", sessionId)
      .execute();
  }

  async revokeSession(sessionId: string, at: string): Promise<void> {
    await this.db
      .updateTable("operator_sessions")
      .set({ revoked_at: at })
      .where("id", "=", sessionId)
      .where("revoked_at", "is", null)
      .execute();
  }

  findSession(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("operator_sessions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /**
   * Revokes an operator's live sessions (in one project, or everywhere; all but `except`);
   * returns their ids.
   */
  async revokeSessionsOf(
    operatorId: string,
    at: string,
    projectId?: string,
    except?: string,
  ): Promise<string[]> {
    let q = this.db
      .updateTable("operator_sessions")
      .set({ revoked_at: at })
      .where("operator_id", "=", operatorId)
      .where("revoked_at", "is", null);
    if (projectId !== undefined) q = q.where("project_id", "=", projectId);
    if (except !== undefined) q = q.where("id", "!=", except);
    const rows = await q.returning("id").execute();
    return rows.map((row) => row.id);
  }

  /** Deletes sessions that ended before the cutoff (housekeeping). */
  async pruneSessions(cutoff: string): Promise<void> {
    await this.db.deleteFrom("operator_sessions").where("expires_at", "<", cutoff).execute();
  }
}

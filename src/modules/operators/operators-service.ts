import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { conflict, notFound, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Repos } from "../../storage/repos/index.js";
import type { MemberRow } from "../../storage/repos/operators.repo.js";
import type { OperatorAvailability, OperatorRole } from "../../storage/schema-operators.js";
import { DEFAULT_OFFLINE_AFTER_MINUTES, effectiveAvailability } from "./availability.js";
import { assertAdmin } from "./operator-access.js";
import { hashPassword } from "./passwords.js";
import { normalizeEmail } from "./sessions-service.js";

export interface Operator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  created_at: string;
  last_sign_in_at: string | null;
  availability: OperatorAvailability;
  effective_availability: OperatorAvailability;
  capacity: number | null;
  last_seen_at: string | null;
}

export interface OperatorsDeps {
  repos: Repos;
  clock: Clock;
  newId: IdGenerator;
  /** Ends the event streams of sessions that were just revoked (in every process). */
  onRevoked(sessionIds: string[]): void;
  /**
   * Routing's turn when an operator may take work now (set online, given more capacity): it
   * assigns them queued conversations (docs/routing.md). Set by the composition root.
   */
  onAvailable?(projectId: string, operatorId: string): Promise<void>;
}

const toOperator = (row: MemberRow, now: Date, offlineAfterMinutes: number): Operator => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  created_at: row.created_at,
  last_sign_in_at: row.last_sign_in_at,
  availability: row.availability,
  effective_availability: effectiveAvailability(row, now, offlineAfterMinutes),
  capacity: row.capacity === null ? null : Number(row.capacity),
  last_seen_at: row.last_seen_at,
});

/**
 * The people of a project (docs/console.md). Accounts belong to the organization (one email,
 * one password, any number of its projects); an admin of a project manages who is in it and
 * with which role. A password can be set by an admin only for an account that belongs to no
 * other project, so that no project admin can take over a person's access elsewhere.
 */
export class OperatorsService {
  constructor(private readonly deps: OperatorsDeps) {}

  async list(auth: AuthContext): Promise<{ data: Operator[] }> {
    const minutes = await this.offlineAfterMinutes(auth.projectId);
    const now = this.deps.clock.now();
    const rows = await this.deps.repos.operators.listMembers(auth.projectId);
    return { data: rows.map((row) => toOperator(row, now, minutes)) };
  }

  private async offlineAfterMinutes(projectId: string): Promise<number> {
    const settings = await this.deps.repos.routing.settings(projectId);
    return settings ? Number(settings.offline_after_minutes) : DEFAULT_OFFLINE_AFTER_MINUTES;
  }

  /**
   * Sets availability by hand (docs/routing.md): the signed-in operator their own
   * (`operatorId` "me"), an admin anyone's. Set online, routing assigns them queued conversations.
   */
  async setAvailability(
    auth: AuthContext,
    operatorId: string,
    availability: OperatorAvailability,
  ): Promise<Operator> {
    let id = operatorId;
    if (operatorId === "me") {
      if (!auth.operator) {
        throw validationFailed([
          { path: "operator_id", message: "`me` needs a signed-in operator, not an API key" },
        ]);
      }
      id = auth.operator.id;
    } else if (auth.operator?.id !== operatorId) assertAdmin(auth);
    const member = await this.deps.repos.operators.findMember(auth.projectId, id);
    if (!member) throw notFound("operator", id);
    await this.deps.repos.operators.updateRouting(auth.projectId, id, { availability });
    if (availability === "online") await this.deps.onAvailable?.(auth.projectId, id);
    return this.get(auth, id);
  }

  async create(
    auth: AuthContext,
    input: { email: string; name: string; password?: string | undefined; role: OperatorRole },
  ): Promise<Operator> {
    assertAdmin(auth);
    const email = normalizeEmail(input.email);
    const now = this.deps.clock.now().toISOString();
    // Hashing takes a while; do it before the transaction.
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const id = await this.deps.repos.transaction(async (repos) => {
      const existing = await repos.operators.findByEmail(auth.organizationId, email);
      if (existing) return this.addAccount(repos, auth, existing.id, email, passwordHash, input.role, now);
      if (passwordHash === undefined) {
        throw validationFailed([{ path: "password", message: "is required for a new account" }]);
      }
      const operatorId = this.deps.newId("opr");
      const inserted = await repos.operators.insert({
        id: operatorId,
        organization_id: auth.organizationId,
        email,
        name: input.name,
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      });
      if (!inserted) {
        // A request racing this one created the account first: answer as if it had come
        // first, the same 409 a sequential duplicate gets (docs/api.md, "Concurrent creates").
        const winner = await repos.operators.findByEmail(auth.organizationId, email);
        if (!winner) throw new Error(`the account of ${email} vanished as it was created`);
        return this.addAccount(repos, auth, winner.id, email, passwordHash, input.role, now);
      }
      await repos.operators.insertMember({
        project_id: auth.projectId,
        operator_id: operatorId,
        role: input.role,
        last_sign_in_at: null,
        created_at: now,
      });
      return operatorId;
    });
    return this.get(auth, id);
  }

  /**
   * Adds an existing account of the organization to the project: 409 `operator_exists` when it
   * is a member already (or a racing request just made it one), `account_exists` when the
   * request brought a password, which is the account's own.
   */
  private async addAccount(
    repos: Repos,
    auth: AuthContext,
    operatorId: string,
    email: string,
    passwordHash: string | undefined,
    role: OperatorRole,
    now: string,
  ): Promise<string> {
    const alreadyMember = () => conflict("operator_exists", `${email} is already a member of this project.`);
    if (await repos.operators.findMember(auth.projectId, operatorId)) throw alreadyMember();
    if (passwordHash !== undefined) {
      throw conflict(
        "account_exists",
        `${email} already has an account in this organization: add them without a password; they sign in with their own.`,
      );
    }
    const added = await repos.operators.insertMember({
      project_id: auth.projectId,
      operator_id: operatorId,
      role,
      last_sign_in_at: null,
      created_at: now,
    });
    if (!added) throw alreadyMember();
    return operatorId;
  }

  async get(auth: AuthContext, operatorId: string): Promise<Operator> {
    const member = await this.deps.repos.operators.findMember(auth.projectId, operatorId);
    if (!member) throw notFound("operator", operatorId);
    return toOperator(member, this.deps.clock.now(), await this.offlineAfterMinutes(auth.projectId));
  }

  async update(
    auth: AuthContext,
    operatorId: string,
    input: {
      name?: string | undefined;
      role?: OperatorRole | undefined;
      password?: string | undefined;
      capacity?: number | null | undefined;
    },
  ): Promise<Operator> {
    assertAdmin(auth);
    const now = this.deps.clock.now().toISOString();
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const revoked = await this.deps.repos.transaction(async (repos) => {
      const member = await repos.operators.findMember(auth.projectId, operatorId);
      if (!member) throw notFound("operator", operatorId);
      if (input.role === "operator" && member.role === "admin")
        await this.assertNotLastAdmin(repos, auth.projectId);
      if (input.role !== undefined) await repos.operators.setRole(auth.projectId, operatorId, input.role);
      if (input.capacity !== undefined) {
        await repos.operators.updateRouting(auth.projectId, operatorId, { capacity: input.capacity });
      }
      if (input.name !== undefined) {
        await repos.operators.update(operatorId, { name: input.name, updated_at: now });
        await repos.threads.renameAssignee(operatorId, input.name);
      }
      if (passwordHash === undefined) return [];
      const memberships = await repos.operators.memberships(operatorId);
      if (memberships.some((m) => m.id !== auth.projectId)) {
        throw conflict(
          "operator_shared",
          "This person also works in other projects; only they can change their password (in the console).",
        );
      }
      await repos.operators.update(operatorId, { password_hash: passwordHash, updated_at: now });
      // A new password ends every session the old one opened.
      return repos.operators.revokeSessionsOf(operatorId, now);
    });
    this.deps.onRevoked(revoked);
    if (input.capacity !== undefined) await this.deps.onAvailable?.(auth.projectId, operatorId);
    return this.get(auth, operatorId);
  }

  /** Removes the person from the project: their sessions in it end and their threads are unassigned. */
  async remove(auth: AuthContext, operatorId: string): Promise<{ id: string; deleted: true }> {
    assertAdmin(auth);
    const now = this.deps.clock.now().toISOString();
    const revoked = await this.deps.repos.transaction(async (repos) => {
      const member = await repos.operators.findMember(auth.projectId, operatorId);
      if (!member) throw notFound("operator", operatorId);
      if (member.role === "admin") await this.assertNotLastAdmin(repos, auth.projectId);
      await repos.operators.removeMember(auth.projectId, operatorId);
      await repos.threads.unassignAll(auth.projectId, operatorId);
      await repos.teams.removeOperator(auth.projectId, operatorId);
      return repos.operators.revokeSessionsOf(operatorId, now, auth.projectId);
    });
    this.deps.onRevoked(revoked);
    return { id: operatorId, deleted: true };
  }

  private async assertNotLastAdmin(repos: Repos, projectId: string): Promise<void> {
    if ((await repos.operators.countAdmins(projectId)) <= 1) {
      throw conflict("last_admin", "A project keeps at least one admin: make someone else admin first.");
    }
  }
}

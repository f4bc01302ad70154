import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, forbidden, unauthorized, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { checkRateLimit, type RateLimitStore } from "../../infra/rate-limit.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type { OperatorRole } from "../../storage/schema-operators.js";
import { SEEN_WRITE_INTERVAL_MS } from "./availability.js";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.js";
import { csrfTokenFor, hashSessionSecret, newSessionSecret } from "./session-cookie.js";

export interface SessionView {
  id: string;
  user: { id: string; email: string; name: string };
  project: { id: string; name: string };
  role: OperatorRole;
  projects: Array<{ id: string; name: string; role: OperatorRole }>;
  csrf_token: string;
  expires_at: string;
}

export interface SessionsDeps {
  repos: Repos;
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  ttlMs: number;
  rateLimits: RateLimitStore;
  /** Ends the event streams of sessions that were just revoked (in every process). */
  onRevoked(sessionIds: string[]): void;
  /**
   * After an operator's activity was written (at most once a minute each): routing may give
   * them queued conversations (docs/routing.md). Must not throw.
   */
  onSeen?(projectId: string, operatorId: string): Promise<void>;
}

/** Sign-in attempts allowed per client IP and per email, per window (docs/console.md). */
export const SIGN_IN_LIMITS = { perIp: 30, perEmail: 10, windowSeconds: 15 * 60 };

const invalidCredentials = () => new ApiError(401, "invalid_credentials", "The email or password is wrong.");

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Console sign-in sessions: created by a password, carried by a cookie, revocable at once. */
export class SessionsService {
  constructor(private readonly deps: SessionsDeps) {}

  async signIn(
    input: { email: string; password: string; project_id?: string | undefined },
    client: { ip: string; userAgent: string | undefined },
  ): Promise<{ view: SessionView; secret: string; expiresAt: Date }> {
    const email = normalizeEmail(input.email);
    await this.limit(`signin:ip:${client.ip}`, SIGN_IN_LIMITS.perIp);
    await this.limit(`signin:email:${email}`, SIGN_IN_LIMITS.perEmail);

    const repos = this.deps.repos;
    const accounts = await repos.operators.findAllByEmail(email);
    let account: (typeof accounts)[number] | undefined;
    for (const candidate of accounts) {
      if (await verifyPassword(input.password, candidate.password_hash)) {
        account = candidate;
        break;
      }
    }
    if (accounts.length === 0) await verifyPassword(input.password, await decoyHash());
    if (!account) throw invalidCredentials();

    const memberships = await repos.operators.memberships(account.id);
    const project = input.project_id ? memberships.find((m) => m.id === input.project_id) : memberships[0];
    if (!project) {
      throw input.project_id
        ? forbidden(`You are not a member of the project '${input.project_id}'.`)
        : new ApiError(
            403,
            "no_projects",
            "This account belongs to no project yet; ask an admin to add you.",
          );
    }
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + this.deps.ttlMs);
    const secret = newSessionSecret();
    const sessionId = this.deps.newId("ses");
    await repos.operators.insertSession({
      id: sessionId,
      token_hash: hashSessionSecret(secret),
      operator_id: account.id,
      project_id: project.id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
    });
    await repos.operators.touchSignIn(project.id, account.id, now.toISOString());
    const view: SessionView = {
      id: sessionId,
      user: { id: account.id, email: account.email, name: account.name },
      project: { id: project.id, name: project.name },
      role: project.role,
      projects: memberships,
      csrf_token: csrfTokenFor(this.deps.secrets, sessionId),
      expires_at: expiresAt.toISOString(),
    };
    return { view, secret, expiresAt };
  }

  /** The caller behind a session cookie, or null when it is unknown, expired or revoked. */
  async authenticate(secret: string): Promise<AuthContext | null> {
    const row = await this.deps.repos.operators.findLiveSession(
      hashSessionSecret(secret),
      this.deps.clock.now().toISOString(),
    );
    if (!row) return null;
    await this.touchSeen(row);
    return {
      keyId: row.session_id,
      projectId: row.project_id,
      organizationId: row.organization_id,
      role: "project",
      operator: {
        id: row.operator_id,
        name: row.name,
        email: row.email,
        role: row.role,
        sessionId: row.session_id,
      },
    };
  }

  /**
   * Records that the operator is active in the session's project (docs/routing.md, "Activity"):
   * a write only when the last one is a minute old, so a request costs no write as a rule.
   */
  private async touchSeen(row: { project_id: string; operator_id: string; last_seen_at: string | null }) {
    const now = this.deps.clock.now();
    if (row.last_seen_at !== null && now.getTime() - Date.parse(row.last_seen_at) < SEEN_WRITE_INTERVAL_MS)
      return;
    const staleBefore = new Date(now.getTime() - SEEN_WRITE_INTERVAL_MS).toISOString();
    const written = await this.deps.repos.operators.touchSeen(
      row.project_id,
      row.operator_id,
      now.toISOString(),
      staleBefore,
    );
    if (written) await this.deps.onSeen?.(row.project_id, row.operator_id);
  }

  async view(auth: AuthContext): Promise<SessionView> {
    const operator = this.signedIn(auth);
    const session = await this.deps.repos.operators.findSession(operator.sessionId);
    const memberships = await this.deps.repos.operators.memberships(operator.id);
    const project = memberships.find((m) => m.id === auth.projectId);
    if (!session || !project) throw unauthorized("The session has ended.");
    return {
      id: operator.sessionId,
      user: { id: operator.id, email: operator.email, name: operator.name },
      project: { id: project.id, name: project.name },
      role: project.role,
      projects: memberships,
      csrf_token: csrfTokenFor(this.deps.secrets, operator.sessionId),
      expires_at: session.expires_at,
    };
  }

  async switchProject(auth: AuthContext, projectId: string): Promise<SessionView> {
    const operator = this.signedIn(auth);
    const memberships = await this.deps.repos.operators.memberships(operator.id);
    const project = memberships.find((m) => m.id === projectId);
    if (!project) throw forbidden(`You are not a member of the project '${projectId}'.`);
    await this.deps.repos.operators.setSessionProject(operator.sessionId, projectId);
    await this.deps.repos.operators.touchSignIn(projectId, operator.id, this.deps.clock.now().toISOString());
    return this.view({ ...auth, projectId, operator: { ...operator, role: project.role } });
  }

  async signOut(auth: AuthContext): Promise<void> {
    const operator = this.signedIn(auth);
    await this.deps.repos.operators.revokeSession(operator.sessionId, this.deps.clock.now().toISOString());
    this.deps.onRevoked([operator.sessionId]);
  }

  /** Changes the signed-in person's own password; their other sessions end. */
  async changePassword(auth: AuthContext, current: string, next: string): Promise<void> {
    const operator = this.signedIn(auth);
    const account = await this.deps.repos.operators.findById(operator.id);
    if (!account || !(await verifyPassword(current, account.password_hash))) {
      throw validationFailed([{ path: "current_password", message: "is wrong" }]);
    }
    const now = this.deps.clock.now().toISOString();
    await this.deps.repos.operators.update(account.id, {
      password_hash: await hashPassword(next),
      updated_at: now,
    });
    const revoked = await this.deps.repos.operators.revokeSessionsOf(
      account.id,
      now,
      undefined,
      operator.sessionId,
    );
    this.deps.onRevoked(revoked);
  }

  private signedIn(auth: AuthContext) {
    if (!auth.operator) {
      throw new ApiError(400, "not_a_session", "This needs a console session; an API key has no session.");
    }
    return auth.operator;
  }

  private async limit(bucket: string, limit: number): Promise<void> {
    const decision = await checkRateLimit(
      this.deps.rateLimits,
      bucket,
      limit,
      SIGN_IN_LIMITS.windowSeconds,
      this.deps.clock.now().getTime(),
    );
    if (!decision.allowed) {
      throw new ApiError(429, "rate_limited", "Too many sign-in attempts; wait and try again.", {
        headers: decision.headers,
      });
    }
  }
}

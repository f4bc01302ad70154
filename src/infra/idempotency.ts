import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IdempotencyRepo, IdempotencyRow } from "../storage/repos/idempotency.repo.js";
import type { Clock } from "./clock.js";
import { ApiError, conflict } from "./errors.js";
import type { App } from "./http-types.js";
import type { SecretBox } from "./secret-box.js";

/** How long a key's first response is replayed (Stripe keeps 24 hours too). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A record written before leases existed, still "in progress" after this long, died with its
 * process. Records since carry a lease (`locked_until`), renewed while their request runs.
 */
export const IN_PROGRESS_ABANDONED_MS = 10 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module "fastify" {
  interface FastifyRequest {
    idempotency?: {
      projectId: string;
      key: string;
      /** When the key's record was created: a retry that carries on a dead request has its `since`. */
      since: string;
      settled: boolean;
    };
  }
}

export interface IdempotencyOptions {
  repo: () => IdempotencyRepo;
  clock: Clock;
  /** Stored responses are sealed: some carry secrets shown once (API keys, webhook secrets). */
  secrets: SecretBox;
  /**
   * The lease of a request in progress, renewed every third of it while the request runs:
   * a record whose process died is free again this long after the last renewal. Default 30 s.
   */
  leaseMs?: number;
}

function fingerprint(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n`)
    .update(request.rawBody ?? "")
    .digest("hex");
}

/**
 * Stripe-style idempotency for every POST: the first response to a key is stored and
 * replayed (with `Idempotent-Replayed: true`) for the same request within 24 hours. A key is
 * scoped to the API key's project. The same key with a different method, path or body is
 * 409 `idempotency_key_reused`; while the first request is still running, 409
 * `idempotency_request_in_progress`. 5xx responses are not stored, so a retry runs again.
 */
export function installIdempotency(app: App, options: IdempotencyOptions): void {
  const leaseMs = options.leaseMs ?? 30_000;
  const running = new RunningRequests(options.repo, options.clock, leaseMs);
  app.addHook("onClose", async () => running.stop());

  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST" || !request.auth) return;
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    if (typeof header !== "string" || !KEY_PATTERN.test(header)) {
      throw new ApiError(
        400,
        "invalid_idempotency_key",
        "Idempotency-Key must be 1 to 255 printable ASCII characters.",
      );
    }
    const repo = options.repo();
    const projectId = request.auth.projectId;
    const now = options.clock.now();
    const claim = {
      project_id: projectId,
      idempotency_key: header,
      fingerprint: fingerprint(request),
      created_at: now.toISOString(),
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
    };
    const claimed = (since: string) => {
      request.idempotency = { projectId, key: header, since, settled: false };
      running.add(projectId, header);
    };
    if (await repo.claim(claim)) return claimed(claim.created_at);
    const existing = await repo.find(projectId, header);
    const age = existing ? now.getTime() - Date.parse(existing.created_at) : 0;
    const sameRequest = existing?.fingerprint === claim.fingerprint;
    const carryOn =
      existing !== undefined &&
      sameRequest &&
      age < IDEMPOTENCY_TTL_MS &&
      existing.locked_until !== null &&
      isAbandoned(existing, now.getTime());
    if (existing?.locked_until && carryOn) {
      // The same request, whose process died while handling it: this retry carries it on
      // (same `since`, so the work it had stored is recognised rather than repeated).
      if (await repo.takeOver(projectId, header, existing.locked_until, claim.locked_until))
        return claimed(existing.created_at);
      throw conflict(
        "idempotency_request_in_progress",
        "A request with this Idempotency-Key is in progress.",
      );
    }
    if (!existing || age >= IDEMPOTENCY_TTL_MS || isAbandoned(existing, now.getTime())) {
      // Expired, abandoned by a process that died, or released meanwhile: the key is free again.
      if (existing) await repo.release(projectId, header);
      if (await repo.claim(claim)) return claimed(claim.created_at);
      throw conflict(
        "idempotency_request_in_progress",
        "A request with this Idempotency-Key is in progress.",
      );
    }
    if (existing.fingerprint !== claim.fingerprint) {
      throw conflict(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with a different request (method, path or body).",
      );
    }
    if (existing.status_code === null || existing.response_body === null) {
      throw conflict(
        "idempotency_request_in_progress",
        "A request with this Idempotency-Key is still in progress.",
      );
    }
    return reply
      .code(existing.status_code)
      .header("content-type", "application/json; charset=utf-8")
      .header("idempotent-replayed", "true")
      .send(options.secrets.open(existing.response_body));
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state || state.settled) return payload;
    state.settled = true;
    running.delete(state.projectId, state.key);
    const repo = options.repo();
    if (reply.statusCode < 500 && reply.statusCode !== 429 && typeof payload === "string") {
      await repo.complete(state.projectId, state.key, reply.statusCode, options.secrets.seal(payload));
    } else {
      await repo.release(state.projectId, state.key);
    }
    return payload;
  });

  // A request that ends without onSend (client gone, hijacked stream) must not hold its key forever.
  app.addHook("onResponse", async (request) => {
    const state = request.idempotency;
    if (state) running.delete(state.projectId, state.key);
    if (!state || state.settled) return;
    state.settled = true;
    await options.repo().release(state.projectId, state.key);
  });
}

/** A record still in progress whose lease ran out (or, from before leases, that is very old). */
function isAbandoned(record: IdempotencyRow, nowMs: number): boolean {
  if (record.status_code !== null) return false;
  if (record.locked_until !== null) return Date.parse(String(record.locked_until)) <= nowMs;
  return nowMs - Date.parse(record.created_at) >= IN_PROGRESS_ABANDONED_MS;
}

/**
 * The idempotent requests this process is running, whose leases it renews every third of
 * the lease (one statement per project). Most requests finish long before the first renewal.
 */
class RunningRequests {
  private readonly keys = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly repo: () => IdempotencyRepo,
    private readonly clock: Clock,
    private readonly leaseMs: number,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  add(projectId: string, key: string): void {
    let set = this.keys.get(projectId);
    if (!set) {
      set = new Set();
      this.keys.set(projectId, set);
    }
    set.add(key);
  }

  delete(projectId: string, key: string): void {
    const set = this.keys.get(projectId);
    if (!set?.delete(key)) return;
    if (set.size === 0) this.keys.delete(projectId);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async renew(): Promise<void> {
    const until = new Date(this.clock.now().getTime() + this.leaseMs).toISOString();
    for (const [projectId, keys] of this.keys) {
      // A failed renewal is tried again at the next tick; the lease outlasts two misses.
      await this.repo()
        .renew(projectId, [...keys], until)
        .catch(() => {});
    }
  }
}

/** Deletes idempotency records past their lifetime. */
export async function pruneIdempotencyKeys(repo: IdempotencyRepo, clock: Clock): Promise<number> {
  return repo.deleteCreatedBefore(new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString());
}

/**
 * For replies that bypass onSend (hijacked streams): records what a replay of the same
 * request returns instead of the stream: a JSON summary with the given status.
 */
export async function settleIdempotency(
  request: FastifyRequest,
  repo: IdempotencyRepo,
  secrets: SecretBox,
  statusCode: number,
  summary: unknown,
): Promise<void> {
  const state = request.idempotency;
  if (!state || state.settled) return;
  state.settled = true;
  await repo.complete(state.projectId, state.key, statusCode, secrets.seal(JSON.stringify(summary)));
}

/**
 * For replies whose outcome should not be replayed (a failed turn): a retry runs again. The
 * record stays, abandoned, so that a retry of the same request keeps its `since` and finds
 * the work already stored (the user's messages) instead of storing it a second time.
 */
export async function releaseIdempotency(request: FastifyRequest, repo: IdempotencyRepo): Promise<void> {
  const state = request.idempotency;
  if (!state || state.settled) return;
  state.settled = true;
  await repo.abandon(state.projectId, state.key, LEASE_GIVEN_UP);
}

/** A lease that ended before any clock reading: the record counts as abandoned at once. */
const LEASE_GIVEN_UP = new Date(0).toISOString();

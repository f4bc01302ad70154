import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IdempotencyRepo } from "../storage/repos/idempotency.repo.js";
import type { Clock } from "./clock.js";
import { ApiError, conflict } from "./errors.js";
import type { App } from "./http-types.js";
import type { SecretBox } from "./secret-box.js";

/** How long a key's first response is replayed (Stripe keeps 24 hours too). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still "in progress" after this long died with its process: its key is free again. */
export const IN_PROGRESS_ABANDONED_MS = 10 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module "fastify" {
  interface FastifyRequest {
    idempotency?: { projectId: string; key: string; settled: boolean };
  }
}

export interface IdempotencyOptions {
  repo: () => IdempotencyRepo;
  clock: Clock;
  /** Stored responses are sealed: some carry secrets shown once (API keys, webhook secrets). */
  secrets: SecretBox;
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
    };
    if (await repo.claim(claim)) {
      request.idempotency = { projectId, key: header, settled: false };
      return;
    }
    const existing = await repo.find(projectId, header);
    const age = existing ? now.getTime() - Date.parse(existing.created_at) : 0;
    const abandoned = existing?.status_code === null && age >= IN_PROGRESS_ABANDONED_MS;
    if (!existing || age >= IDEMPOTENCY_TTL_MS || abandoned) {
      // Expired, abandoned by a process that died, or released meanwhile: the key is free again.
      if (existing) await repo.release(projectId, header);
      if (await repo.claim(claim)) {
        request.idempotency = { projectId, key: header, settled: false };
        return;
      }
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
    if (!state || state.settled) return;
    state.settled = true;
    await options.repo().release(state.projectId, state.key);
  });
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

/** For hijacked replies whose outcome should not be replayed (a failed turn): a retry runs again. */
export async function releaseIdempotency(request: FastifyRequest, repo: IdempotencyRepo): Promise<void> {
  const state = request.idempotency;
  if (!state || state.settled) return;
  state.settled = true;
  await repo.release(state.projectId, state.key);
}

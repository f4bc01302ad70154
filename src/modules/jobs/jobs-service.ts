import { z } from "zod";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { conflict, notFound, validationFailed } from "../../infra/errors.js";
import type { Repos } from "../../storage/repos/index.js";
import type { JobRow } from "../../storage/repos/jobs.repo.js";
import { replyJob } from "../engine/index.js";
import { botMessageJob, operatorMessageJob } from "../threads/index.js";
import type { Job, ListJobsQuery } from "./schemas.js";

/**
 * What can be cancelled: scheduled work nobody has started, i.e. replies (a stream request's
 * `scheduledAt`, switching to `auto`, a channel message) and scheduled operator and AI messages.
 * Nothing else: cancelling an index, a title or a vendor send would leave state half done.
 */
export const CANCELLABLE_JOB_TYPES: ReadonlySet<string> = new Set([
  replyJob.type,
  operatorMessageJob.type,
  botMessageJob.type,
]);

/**
 * Whose jobs a caller sees: one project's (API keys and console sessions) or every job (the
 * CLI, run with the server's own database access). Operators see only jobs done for a thread:
 * they work with threads (docs/console.md), and those are the jobs they may cancel.
 */
export interface JobScope {
  projectId: string | null;
  threadsOnly: boolean;
}

export function jobScopeOf(auth: AuthContext): JobScope {
  return { projectId: auth.projectId, threadsOnly: auth.operator?.role === "operator" };
}

/** The scope of the CLI: every job of the database. */
export const EVERY_JOB: JobScope = { projectId: null, threadsOnly: false };

/** The jobs queue as clients see it (docs/api.md, "Jobs"): list, read, cancel scheduled work. */
export class JobsService {
  constructor(private readonly deps: { repos: Repos; clock: Clock }) {}

  /** Newest first, `limit` at a time; `next_cursor` continues after the page's last job. */
  async list(scope: JobScope, query: ListJobsQuery): Promise<{ data: Job[]; next_cursor: string | null }> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !after) {
      throw validationFailed([{ path: "query.cursor", message: "is not a cursor this API issued" }]);
    }
    const rows = await this.deps.repos.jobs.list({
      projectId: scope.projectId,
      threadsOnly: scope.threadsOnly,
      threadId: query.thread_id,
      type: query.type,
      status: query.status,
      after,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(toJob),
      next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  async get(scope: JobScope, id: string): Promise<Job> {
    return toJob(await this.find(scope, id));
  }

  /**
   * Cancels a pending scheduled reply or message: it never runs, and nothing of it is stored (a
   * scheduled message is only written when its job runs). 409 `job_not_cancellable` for other
   * types, 409 `job_not_pending` once it runs or has finished.
   */
  async cancel(scope: JobScope, id: string): Promise<Job> {
    const row = await this.find(scope, id);
    if (!CANCELLABLE_JOB_TYPES.has(row.type)) {
      throw conflict(
        "job_not_cancellable",
        `Jobs of type '${row.type}' cannot be cancelled; only scheduled replies and messages (${[...CANCELLABLE_JOB_TYPES].join(", ")}).`,
      );
    }
    const jobs = this.deps.repos.jobs;
    // Atomic: a worker that claims the job first wins, and the job is then running (409).
    if (!(await jobs.cancelPending(row.id, this.deps.clock.now()))) {
      const current = (await jobs.find(row.id)) ?? row;
      throw conflict(
        "job_not_pending",
        `The job '${row.id}' is ${current.status}; only a pending job can be cancelled.`,
      );
    }
    return toJob((await jobs.find(row.id)) ?? row);
  }

  /** A job of the scope, or 404 (a job of another project is not found either: its id says nothing). */
  private async find(scope: JobScope, id: string): Promise<JobRow> {
    const row = await this.deps.repos.jobs.find(id);
    if (
      !row ||
      (scope.projectId !== null && row.project_id !== scope.projectId) ||
      (scope.threadsOnly && row.thread_id === null)
    ) {
      throw notFound("job", id);
    }
    return row;
  }
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    thread_id: row.thread_id,
    payload: JSON.parse(row.payload),
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    run_at: row.run_at,
    last_error: row.last_error,
    cancellable: row.status === "pending" && CANCELLABLE_JOB_TYPES.has(row.type),
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
  };
}

const cursorSchema = z.strictObject({ c: z.iso.datetime(), i: z.string().min(1).max(128) });

function encodeCursor(row: JobRow): string {
  return Buffer.from(JSON.stringify({ c: row.created_at, i: row.id })).toString("base64url");
}

/** Only what encodeCursor issued decodes; anything else is undefined. */
function decodeCursor(cursor: string): { createdAt: string; id: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = cursorSchema.safeParse(value);
  return parsed.success ? { createdAt: parsed.data.c, id: parsed.data.i } : undefined;
}

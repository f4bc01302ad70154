import type { z } from "zod";
import type { JobContext, JobHandler } from "./job-worker.js";

/**
 * Which worker runs a job type (docs/operations.md, "Job worker"): `delivery` jobs (sending to a
 * vendor) have workers of their own, so they never wait behind model calls; everything else is
 * `default`.
 */
export type JobLane = "default" | "delivery";

/** A job type: its name in the queue, the schema its payload must satisfy, and its lane. */
export interface JobDefinition<P> {
  readonly type: string;
  readonly payload: z.ZodType<P>;
  readonly lane: JobLane;
}

export function defineJob<P>(
  type: string,
  payload: z.ZodType<P>,
  options: { lane?: JobLane } = {},
): JobDefinition<P> {
  return { type, payload, lane: options.lane ?? "default" };
}

/** What a module hands the composition root: a job type, the handler that runs it, its lane. */
export interface JobRegistration {
  readonly type: string;
  readonly handler: JobHandler;
  readonly lane?: JobLane;
}

/**
 * The handler of a declared job: its payload is checked against the declaration before the
 * work sees it. A payload that does not fit (written by another version, say) fails the run
 * and is retried like any failure, so a rolling deploy can catch up.
 */
export function handleJob<P>(
  definition: JobDefinition<P>,
  run: (payload: P, job: JobContext) => Promise<void>,
): JobRegistration {
  return {
    type: definition.type,
    lane: definition.lane,
    handler: async (job) => {
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) {
        throw new Error(`job ${definition.type} has an invalid payload: ${parsed.error.message}`);
      }
      await run(parsed.data, job);
    },
  };
}

/** The payload of a declared job, checked at the type level where it is enqueued. */
export function jobOf<P>(definition: JobDefinition<P>, payload: P): { type: string; payload: P } {
  return { type: definition.type, payload };
}

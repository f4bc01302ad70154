import { afterEach, describe, expect, it, vi } from "vitest";
import { newId } from "../../src/infra/ids.js";
import { JobQueue } from "../../src/job-queue/job-queue.js";
import { JobWorker, type JobWorkerLog } from "../../src/job-queue/job-worker.js";
import type { Storage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { openTestStorage } from "../helpers/dialects.js";
import { ManualClock } from "../helpers/manual-clock.js";

const DAY = 86_400_000;

/** A transaction kept open until `release`. */
async function holdTransaction(storage: Storage) {
  let began!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => {
    began = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = storage.db.transaction().execute(async (trx) => {
    await trx.selectFrom("jobs").select("id").execute();
    began();
    await released;
  });
  await started;
  return async () => {
    release();
    await done;
  };
}

/** docs/operations.md, "Database busy": a job that meets it fails that attempt and is retried. */
describe("a job that meets a busy database (sqlite)", () => {
  let storage: Storage | undefined;
  let worker: JobWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    await storage?.close();
  });

  it("fails that attempt with the busy error and succeeds on its retry", async () => {
    storage = await openTestStorage("sqlite", { busyTimeoutMs: 50 });
    await migrateToLatest(storage);
    const clock = new ManualClock();
    const queue = new JobQueue({ clock, newId });
    const { id } = await queue.enqueue(storage.db, { type: "count", payload: {} });
    const db = storage.db;
    let attempts = 0;
    const log = { warn: vi.fn<JobWorkerLog["warn"]>(), error: vi.fn<JobWorkerLog["error"]>() };
    worker = new JobWorker({
      storage,
      clock,
      log,
      handlers: {
        count: async () => {
          attempts += 1;
          // The first attempt's query meets a transaction held past the busy timeout.
          const release = attempts === 1 ? await holdTransaction(storage!) : undefined;
          try {
            await db.selectFrom("jobs").select("id").execute();
          } finally {
            await release?.();
          }
        },
      },
    });

    expect(await worker.runDue()).toBe(1);
    expect(await queue.get(db, id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: expect.stringContaining("The database is busy"),
    });
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), "job failed; will retry");

    clock.advance(DAY);
    expect(await worker.runDue()).toBe(1);
    expect(await queue.get(db, id)).toMatchObject({ status: "done", attempts: 2 });
  });
});

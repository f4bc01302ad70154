import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { systemClock } from "../../src/infra/clock.js";
import { newId } from "../../src/infra/ids.js";
import { JobQueue } from "../../src/job-queue/job-queue.js";
import {
  type JobContext,
  type JobHandler,
  JobWorker,
  type JobWorkerDeps,
  type JobWorkerLog,
} from "../../src/job-queue/job-worker.js";
import { openStorage, type Storage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { JobRepo } from "../../src/storage/repos/jobs.repo.js";
import { openTestStorage, shouldSkip, type TestDialect } from "../helpers/dialects.js";
import { ManualClock } from "../helpers/manual-clock.js";
import { TEST_DATABASE_URL } from "../helpers/postgres.js";
import { WAIT_BOUND_MS } from "../helpers/wait-bound.js";

const T0 = "2026-11-21T10:00:00.000Z";
const HOUR = 3_600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(
  predicate: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = WAIT_BOUND_MS,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A handler that records every run, optionally doing something first. */
function recorder(work: (job: JobContext) => unknown = () => {}) {
  const runs: JobContext[] = [];
  const handler: JobHandler = async (job) => {
    runs.push(job);
    await work(job);
  };
  return { runs, handler };
}

/** Runs per job id. */
function countsById(runs: JobContext[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(run.id, (counts.get(run.id) ?? 0) + 1);
  return counts;
}

async function jobCount(storage: Storage, status?: string): Promise<number> {
  let query = storage.db.selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n"));
  if (status) query = query.where("status", "=", status as "pending");
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * One database opened by several "processes": each open() is a connection (SQLite, on a temp
 * file) or a pool (PostgreSQL, on the test storage's schema) of its own.
 */
interface SharedDatabase {
  open(): Promise<Storage>;
  dispose(): Promise<void>;
}

async function sharedDatabase(dialect: TestDialect, storage: Storage): Promise<SharedDatabase> {
  const opened = new Set<Storage>();
  const track = (inner: Storage): Storage => {
    const outer: Storage = {
      ...inner,
      async close() {
        if (!opened.delete(outer)) return;
        await inner.close();
      },
    };
    opened.add(outer);
    return outer;
  };
  const closeAll = async () => {
    for (const s of [...opened]) await s.close();
  };
  if (dialect === "postgres") {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(storage.db);
    const schema = rows[0]!.schema;
    return {
      open: async () =>
        track(openStorage({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, pgPoolSize: 4 })),
      dispose: closeAll,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "parley-jobs-"));
  return {
    async open() {
      const s = track(openStorage({ sqlitePath: join(dir, "parley.db") }));
      await migrateToLatest(s);
      return s;
    },
    async dispose() {
      await closeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The job queue's behaviour on both dialects: the same tests run once on SQLite and once on
 * PostgreSQL (see job-queue-sqlite.test.ts and job-queue-postgres.test.ts).
 */
export function describeJobQueueConformance(dialect: TestDialect): void {
  describe.skipIf(shouldSkip(dialect))(`job queue on ${dialect}`, () => {
    let storage: Storage;
    let clock: ManualClock;
    let queue: JobQueue;
    let log: { warn: Mock<JobWorkerLog["warn"]>; error: Mock<JobWorkerLog["error"]> };
    let workers: JobWorker[];
    let shared: SharedDatabase[];

    beforeEach(async () => {
      storage = await openTestStorage(dialect);
      await migrateToLatest(storage);
      clock = new ManualClock(T0);
      queue = new JobQueue({ clock, newId });
      log = { warn: vi.fn<JobWorkerLog["warn"]>(), error: vi.fn<JobWorkerLog["error"]>() };
      workers = [];
      shared = [];
    });

    afterEach(async () => {
      for (const worker of workers) await worker.stop();
      for (const database of shared) await database.dispose();
      await storage?.close();
    });

    function worker(
      handlers: Record<string, JobHandler>,
      options: Partial<Omit<JobWorkerDeps, "handlers">> = {},
    ): JobWorker {
      const created = new JobWorker({ storage, handlers, clock, log, ...options });
      workers.push(created);
      return created;
    }

    async function openShared(): Promise<SharedDatabase> {
      const database = await sharedDatabase(dialect, storage);
      shared.push(database);
      return database;
    }

    const get = (id: string) => queue.get(storage.db, id);

    describe("enqueue", () => {
      it("stores a pending job, due now, with its payload, project and default attempts", async () => {
        const payload = { text: "Привет, 'world' \"quoted\"", nested: { list: [1, null, true] } };
        const enqueued = await queue.enqueue(storage.db, { type: "reply", payload, projectId: "prj_1" });
        expect(enqueued).toEqual({
          id: expect.stringMatching(/^job_[0-9A-Za-z]{22}$/),
          runAt: T0,
          duplicate: false,
        });
        expect(await get(enqueued.id)).toEqual({
          id: enqueued.id,
          type: "reply",
          payload,
          status: "pending",
          attempts: 0,
          maxAttempts: 5,
          runAt: T0,
          lastError: null,
          dedupeKey: null,
          projectId: "prj_1",
          threadId: null,
          createdAt: T0,
          updatedAt: T0,
          finishedAt: null,
        });
        expect(await get("job_missing")).toBeUndefined();
      });

      it("a job enqueued in a transaction that rolls back leaves no job", async () => {
        const failure = new Error("the change failed");
        let id = "";
        await expect(
          storage.db.transaction().execute(async (trx) => {
            id = (await queue.enqueue(trx, { type: "reply", payload: {} })).id;
            expect((await queue.get(trx, id))?.status).toBe("pending");
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await get(id)).toBeUndefined();
        expect(await jobCount(storage)).toBe(0);
        const { runs, handler } = recorder();
        expect(await worker({ reply: handler }).runDue()).toBe(0);
        expect(runs).toEqual([]);
      });

      it("a job enqueued in a committed transaction runs once", async () => {
        const { id } = await storage.db
          .transaction()
          .execute((trx) => queue.enqueue(trx, { type: "reply", payload: { n: 1 }, projectId: "prj_1" }));
        const { runs, handler } = recorder();
        const w = worker({ reply: handler });
        expect(await w.runDue()).toBe(1);
        expect(await w.runDue()).toBe(0);
        expect(runs).toEqual([
          { id, type: "reply", payload: { n: 1 }, attempts: 1, maxAttempts: 5, projectId: "prj_1" },
        ]);
        expect(await get(id)).toMatchObject({ status: "done", attempts: 1, finishedAt: T0, lastError: null });
        expect(log.warn).not.toHaveBeenCalled();
        expect(log.error).not.toHaveBeenCalled();
      });

      it("wakes workers at once outside a transaction, and only through notifyEnqueued inside one", async () => {
        const onEnqueued = vi.fn();
        const notifying = new JobQueue({ clock, newId, onEnqueued });
        await notifying.enqueue(storage.db, { type: "a", payload: null });
        expect(onEnqueued).toHaveBeenCalledTimes(1);
        await notifying.enqueue(storage.db, {
          type: "a",
          payload: null,
          runAt: new Date(Date.parse(T0) + 1000),
        });
        expect(onEnqueued).toHaveBeenCalledTimes(1);
        await storage.db.transaction().execute(async (trx) => {
          await notifying.enqueue(trx, { type: "a", payload: null });
          expect(onEnqueued).toHaveBeenCalledTimes(1);
        });
        notifying.notifyEnqueued();
        expect(onEnqueued).toHaveBeenCalledTimes(2);
      });

      it("an undefined payload is stored as null; maxAttempts below 1 is refused", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "a", payload: undefined });
        expect((await get(id))?.payload).toBeNull();
        await expect(queue.enqueue(storage.db, { type: "a", payload: 1, maxAttempts: 0 })).rejects.toThrow(
          /maxAttempts/,
        );
        await expect(queue.enqueue(storage.db, { type: "", payload: 1 })).rejects.toThrow(/type/);
        expect(await jobCount(storage)).toBe(1);
      });
    });

    describe("dedupe keys", () => {
      it("a key already present inserts nothing and returns the existing job", async () => {
        const first = await queue.enqueue(storage.db, {
          type: "reply",
          payload: { v: 1 },
          dedupeKey: "tg:42",
        });
        clock.advance(5_000);
        const again = await queue.enqueue(storage.db, {
          type: "reply",
          payload: { v: 2 },
          dedupeKey: "tg:42",
        });
        expect(again).toEqual({ id: first.id, runAt: T0, duplicate: true });
        expect((await get(first.id))?.payload).toEqual({ v: 1 });
        expect(await jobCount(storage)).toBe(1);

        const other = await queue.enqueue(storage.db, { type: "reply", payload: {}, dedupeKey: "tg:43" });
        expect(other.duplicate).toBe(false);
        // Any number of jobs without a key.
        await queue.enqueue(storage.db, { type: "reply", payload: {} });
        await queue.enqueue(storage.db, { type: "reply", payload: {} });
        expect(await jobCount(storage)).toBe(4);
      });

      it("a finished job still holds its key; inside a transaction the duplicate is reported too", async () => {
        const first = await queue.enqueue(storage.db, { type: "reply", payload: {}, dedupeKey: "k" });
        await worker({ reply: async () => {} }).runDue();
        const again = await storage.db
          .transaction()
          .execute((trx) => queue.enqueue(trx, { type: "reply", payload: {}, dedupeKey: "k" }));
        expect(again).toMatchObject({ id: first.id, duplicate: true });
        expect(await jobCount(storage)).toBe(1);
      });

      it("a key enqueued in a transaction that rolled back stays free", async () => {
        await expect(
          storage.db.transaction().execute(async (trx) => {
            await queue.enqueue(trx, { type: "reply", payload: {}, dedupeKey: "k" });
            throw new Error("rolled back");
          }),
        ).rejects.toThrow("rolled back");
        const enqueued = await queue.enqueue(storage.db, { type: "reply", payload: {}, dedupeKey: "k" });
        expect(enqueued.duplicate).toBe(false);
        expect((await get(enqueued.id))?.dedupeKey).toBe("k");
      });
    });

    describe("scheduling", () => {
      it("a delayed job does not run before run_at and runs once it has passed", async () => {
        const runAt = new Date(Date.parse(T0) + 60_000);
        const enqueued = await queue.enqueue(storage.db, { type: "send", payload: {}, runAt });
        expect(enqueued.runAt).toBe(runAt.toISOString());
        const { runs, handler } = recorder();
        const w = worker({ send: handler });
        expect(await w.runDue()).toBe(0);
        clock.advance(59_999);
        expect(await w.runDue()).toBe(0);
        expect((await get(enqueued.id))?.status).toBe("pending");
        clock.advance(1);
        expect(await w.runDue()).toBe(1);
        expect(runs.map((r) => r.id)).toEqual([enqueued.id]);
      });

      it("runs due jobs oldest run_at first", async () => {
        const at = (s: number) => new Date(Date.parse(T0) + s * 1000);
        const c = await queue.enqueue(storage.db, { type: "t", payload: "c", runAt: at(3) });
        const a = await queue.enqueue(storage.db, { type: "t", payload: "a", runAt: at(1) });
        const b = await queue.enqueue(storage.db, { type: "t", payload: "b", runAt: at(2) });
        clock.advance(10_000);
        const { runs, handler } = recorder();
        expect(await worker({ t: handler }, { concurrency: 1 }).runDue()).toBe(3);
        expect(runs.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
      });

      it("cancel removes a pending job, and nothing else", async () => {
        const pending = await queue.enqueue(storage.db, { type: "t", payload: {} });
        const done = await queue.enqueue(storage.db, { type: "t", payload: {} });
        const scheduled = await queue.enqueue(storage.db, {
          type: "t",
          payload: {},
          runAt: new Date(Date.parse(T0) + HOUR),
        });
        expect(await queue.cancel(storage.db, pending.id)).toBe(true);
        expect(await get(pending.id)).toBeUndefined();
        expect(await queue.cancel(storage.db, pending.id)).toBe(false);
        expect(await queue.cancel(storage.db, "job_missing")).toBe(false);

        const { runs, handler } = recorder();
        expect(await worker({ t: handler }).runDue()).toBe(1);
        expect(runs.map((r) => r.id)).toEqual([done.id]);
        expect(await queue.cancel(storage.db, done.id)).toBe(false);
        expect((await get(done.id))?.status).toBe("done");

        // A running job cannot be cancelled either.
        clock.advance(HOUR);
        await new JobRepo(storage.db).claim({
          dialect: storage.dialect,
          workerId: "w",
          limit: 1,
          now: clock.now(),
          leaseMs: 1000,
        });
        expect(await queue.cancel(storage.db, scheduled.id)).toBe(false);
        expect((await get(scheduled.id))?.status).toBe("running");
      });
    });

    describe("retries", () => {
      it("retries with growing delays, then fails for good after maxAttempts, keeping last_error", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "flaky", payload: {}, maxAttempts: 4 });
        const { runs, handler } = recorder((job) => {
          throw new Error(`boom ${job.attempts}`);
        });
        const w = worker({ flaky: handler });
        const delays: number[] = [];
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          expect(await w.runDue()).toBe(1);
          const job = await get(id);
          expect(job).toMatchObject({ status: "pending", attempts: attempt, lastError: `boom ${attempt}` });
          const delay = Date.parse(job!.runAt) - clock.now().getTime();
          const nominal = 1000 * 2 ** (attempt - 1);
          expect(delay).toBeGreaterThanOrEqual(nominal * 0.8);
          expect(delay).toBeLessThanOrEqual(nominal * 1.2);
          delays.push(delay);
          clock.advance(delay - 1);
          expect(await w.runDue()).toBe(0);
          clock.advance(1);
        }
        expect(delays[1]).toBeGreaterThan(delays[0]!);
        expect(delays[2]).toBeGreaterThan(delays[1]!);
        expect(await w.runDue()).toBe(1);
        expect(await get(id)).toMatchObject({
          status: "failed",
          attempts: 4,
          lastError: "boom 4",
          finishedAt: clock.now().toISOString(),
        });
        expect(runs.map((r) => r.attempts)).toEqual([1, 2, 3, 4]);
        expect(log.warn).toHaveBeenCalledTimes(3);
        expect(log.error).toHaveBeenCalledTimes(1);
        expect(log.error.mock.calls[0]?.[0]).toMatchObject({ jobId: id, attempts: 4, maxAttempts: 4 });
        clock.advance(24 * HOUR);
        expect(await w.runDue()).toBe(0);
      });

      it("a job that fails once and then succeeds ends done, its last error kept", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "flaky", payload: {} });
        const w = worker({
          flaky: async (job) => {
            if (job.attempts === 1) throw new Error("temporary outage");
          },
        });
        expect(await w.runDue()).toBe(1);
        clock.advance(2_000);
        expect(await w.runDue()).toBe(1);
        expect(await get(id)).toMatchObject({ status: "done", attempts: 2, lastError: "temporary outage" });
      });

      it("a job of a type this worker has no handler for fails with a clear error and is retried", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "mystery", payload: { x: 1 } });
        expect(await worker({}).runDue()).toBe(1);
        const job = await get(id);
        expect(job).toMatchObject({ status: "pending", attempts: 1 });
        expect(job?.lastError).toMatch(/no handler for job type "mystery"/);
        expect(log.warn).toHaveBeenCalledTimes(1);

        clock.advance(2_000);
        const { runs, handler } = recorder();
        expect(await worker({ mystery: handler }).runDue()).toBe(1);
        expect(runs).toMatchObject([{ id, payload: { x: 1 }, attempts: 2 }]);
        expect((await get(id))?.status).toBe("done");
      });

      it("synchronous throws and non-Error rejections are recorded and retried, never crashing", async () => {
        const sync = await queue.enqueue(storage.db, { type: "sync", payload: {} });
        const text = await queue.enqueue(storage.db, { type: "text", payload: {} });
        const object = await queue.enqueue(storage.db, { type: "object", payload: {} });
        const w = worker({
          sync: (() => {
            throw new TypeError("thrown synchronously");
          }) as unknown as JobHandler,
          text: () => Promise.reject("a plain string"),
          object: () => Promise.reject({ code: 42 }),
        });
        expect(await w.runDue()).toBe(3);
        expect(await get(sync.id)).toMatchObject({ status: "pending", lastError: "thrown synchronously" });
        expect(await get(text.id)).toMatchObject({ status: "pending", lastError: "a plain string" });
        expect(await get(object.id)).toMatchObject({ status: "pending", lastError: '{"code":42}' });
        expect(log.warn).toHaveBeenCalledTimes(3);
      });
    });

    describe("leases", () => {
      it("a job whose worker crashed runs again after the lease expires; the crashed worker cannot finish it", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "t", payload: {} });
        const repo = new JobRepo(storage.db);
        const [claimed] = await repo.claim({
          dialect: storage.dialect,
          workerId: "crashed",
          limit: 10,
          now: clock.now(),
          leaseMs: 60_000,
        });
        expect(claimed).toMatchObject({ id, status: "running", attempts: 1, locked_by: "crashed" });
        expect(claimed?.locked_until).toBe(new Date(Date.parse(T0) + 60_000).toISOString());

        const { runs, handler } = recorder();
        const w = worker({ t: handler });
        expect(await w.runDue()).toBe(0);
        clock.advance(60_000);
        expect(await w.runDue()).toBe(0);
        clock.advance(1);
        expect(await w.runDue()).toBe(1);
        expect(runs).toMatchObject([{ id, attempts: 2 }]);
        expect(await get(id)).toMatchObject({ status: "done", attempts: 2 });

        const crashedLease = { id, workerId: "crashed", attempts: 1 };
        expect(await repo.complete(crashedLease, clock.now())).toBe(false);
        expect(
          await repo.fail(crashedLease, { maxAttempts: 5, now: clock.now(), error: "late" }),
        ).toBeUndefined();
        expect(await repo.renew(crashedLease, clock.now(), clock.now())).toBe(false);
        expect(await get(id)).toMatchObject({ status: "done", attempts: 2, lastError: null });
      });

      it("a claim is fenced by its attempt: the same worker's stale claim cannot finish a newer one", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "t", payload: {} });
        const repo = new JobRepo(storage.db);
        const claim = () =>
          repo.claim({ dialect: storage.dialect, workerId: "w", limit: 1, now: clock.now(), leaseMs: 1000 });
        expect((await claim()).map((row) => row.attempts)).toEqual([1]);
        clock.advance(1001);
        expect((await claim()).map((row) => row.attempts)).toEqual([2]);
        expect(await repo.complete({ id, workerId: "w", attempts: 1 }, clock.now())).toBe(false);
        expect((await get(id))?.status).toBe("running");
        expect(await repo.complete({ id, workerId: "w", attempts: 2 }, clock.now())).toBe(true);
        expect((await get(id))?.status).toBe("done");
      });

      it("a worker that lost its lease to another cannot record its outcome", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "slow", payload: {} });
        let release!: () => void;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let started!: () => void;
        const hasStarted = new Promise<void>((resolve) => {
          started = resolve;
        });
        const slow = worker(
          {
            slow: async () => {
              started();
              await released;
              throw new Error("too late to matter");
            },
          },
          { leaseMs: 60_000, workerId: "slow" },
        );
        const slowRun = slow.runDue();
        await hasStarted;
        clock.advance(60_001);
        const { runs, handler } = recorder();
        expect(await worker({ slow: handler }, { workerId: "fast" }).runDue()).toBe(1);
        release();
        expect(await slowRun).toBe(1);
        expect(runs).toHaveLength(1);
        expect(await get(id)).toMatchObject({ status: "done", attempts: 2, lastError: null });
        expect(log.warn).toHaveBeenCalledWith(
          expect.objectContaining({ jobId: id }),
          expect.stringMatching(/lease/),
        );
      });

      it("a long handler renews its lease, so no other worker takes the job over", async () => {
        // Real time throughout: renewal runs on timers.
        const realQueue = new JobQueue({ clock: systemClock, newId });
        const { id } = await realQueue.enqueue(storage.db, { type: "long", payload: {} });
        const { runs, handler } = recorder(() => sleep(1_000));
        const first = worker({ long: handler }, { clock: systemClock, leaseMs: 300 });
        const second = worker({ long: handler }, { clock: systemClock, leaseMs: 300 });
        const running = first.runDue();
        await waitUntil(() => runs.length === 1, "the long job to start");
        await sleep(450);
        expect(await second.runDue()).toBe(0);
        await sleep(350);
        expect(await second.runDue()).toBe(0);
        expect(await running).toBe(1);
        expect(runs).toHaveLength(1);
        expect((await get(id))?.status).toBe("done");
        expect(log.warn).not.toHaveBeenCalled();
      });
    });

    describe("workers", () => {
      it("start() polls: jobs run without runDue, delayed ones once the clock passes run_at", async () => {
        const { runs, handler } = recorder();
        worker({ t: handler }, { pollIntervalMs: 10 }).start();
        const now = await queue.enqueue(storage.db, { type: "t", payload: {} });
        await waitUntil(async () => (await get(now.id))?.status === "done", "the due job");
        const later = await queue.enqueue(storage.db, {
          type: "t",
          payload: {},
          runAt: new Date(Date.parse(T0) + HOUR),
        });
        await sleep(100);
        expect((await get(later.id))?.status).toBe("pending");
        clock.advance(HOUR);
        await waitUntil(async () => (await get(later.id))?.status === "done", "the delayed job");
        expect(runs.map((r) => r.id)).toEqual([now.id, later.id]);
      });

      it("wake() runs a new job without waiting for the next poll", async () => {
        const { runs, handler } = recorder();
        // Polls far apart (beyond the waits' bound): a job that runs was woken, not polled.
        const w = worker({ t: handler }, { pollIntervalMs: 10 * WAIT_BOUND_MS });
        const waking = new JobQueue({ clock, newId, onEnqueued: () => w.wake() });
        w.start();
        await sleep(100); // the first poll has found nothing
        await waking.enqueue(storage.db, { type: "t", payload: {} });
        await waitUntil(() => runs.length === 1, "the job enqueued outside a transaction");
        await storage.db.transaction().execute((trx) => waking.enqueue(trx, { type: "t", payload: {} }));
        await sleep(100);
        expect(runs).toHaveLength(1);
        waking.notifyEnqueued();
        await waitUntil(() => runs.length === 2, "the job enqueued in a transaction");
      });

      it("stop() waits for a running handler to finish, then claims nothing more", async () => {
        const { id } = await queue.enqueue(storage.db, { type: "t", payload: {} });
        let release!: () => void;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        const { runs, handler } = recorder(() => released);
        const w = worker({ t: handler }, { pollIntervalMs: 10 });
        w.start();
        await waitUntil(() => runs.length === 1, "the handler to start");
        let stopped = false;
        const stopping = w.stop().then(() => {
          stopped = true;
        });
        await sleep(100);
        expect(stopped).toBe(false);
        expect((await get(id))?.status).toBe("running");
        release();
        await stopping;
        expect((await get(id))?.status).toBe("done");

        const after = await queue.enqueue(storage.db, { type: "t", payload: {} });
        w.wake();
        await sleep(100);
        expect((await get(after.id))?.status).toBe("pending");
        expect(runs).toHaveLength(1);
      });

      it("two workers on one storage run each of 50 jobs exactly once", async () => {
        const ids = new Set<string>();
        for (let i = 0; i < 50; i += 1)
          ids.add((await queue.enqueue(storage.db, { type: "t", payload: i })).id);
        const { runs, handler } = recorder(() => sleep(Math.random() * 3));
        worker({ t: handler }, { pollIntervalMs: 5 }).start();
        worker({ t: handler }, { pollIntervalMs: 5 }).start();
        await waitUntil(async () => (await jobCount(storage, "done")) === 50, "all 50 jobs");
        for (const w of workers) await w.stop();
        const counts = countsById(runs);
        expect(new Set(counts.keys())).toEqual(ids);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        expect(runs).toHaveLength(50);
      });

      it("two processes on one database run each of 50 jobs exactly once", async () => {
        const database = await openShared();
        const one = await database.open();
        const two = await database.open();
        const ids = new Set<string>();
        for (let i = 0; i < 50; i += 1) ids.add((await queue.enqueue(one.db, { type: "t", payload: i })).id);
        const ranBy = new Map<string, string[]>();
        const handlerFor =
          (name: string): JobHandler =>
          async (job) => {
            ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), name]);
            await sleep(Math.random() * 3);
          };
        worker({ t: handlerFor("one") }, { storage: one, pollIntervalMs: 5 }).start();
        worker({ t: handlerFor("two") }, { storage: two, pollIntervalMs: 5 }).start();
        await waitUntil(async () => (await jobCount(one, "done")) === 50, "all 50 jobs");
        for (const w of workers) await w.stop();
        expect(new Set(ranBy.keys())).toEqual(ids);
        expect([...ranBy.values()].every((by) => by.length === 1)).toBe(true);
      });

      it("concurrent claims from two connections never return the same job", async () => {
        const database = await openShared();
        const connections = [await database.open(), await database.open()];
        for (let i = 0; i < 50; i += 1) await queue.enqueue(connections[0]!.db, { type: "t", payload: i });
        const claims = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            new JobRepo(connections[i % 2]!.db).claim({
              dialect,
              workerId: `w${i}`,
              limit: 5,
              now: clock.now(),
              leaseMs: 60_000,
            }),
          ),
        );
        const claimed = claims.flat().map((row) => row.id);
        expect(new Set(claimed).size).toBe(claimed.length);
        expect(claimed).toHaveLength(50);
      });
    });

    describe("durability", () => {
      it("pending, delayed and interrupted jobs survive closing and reopening the database", async () => {
        const database = await openShared();
        const before = await database.open();
        const interrupted = await queue.enqueue(before.db, { type: "t", payload: "interrupted" });
        // A worker takes the job and the process dies before it records an outcome.
        const claimed = await new JobRepo(before.db).claim({
          dialect,
          workerId: "crashed",
          limit: 10,
          now: clock.now(),
          leaseMs: 60_000,
        });
        expect(claimed.map((row) => row.id)).toEqual([interrupted.id]);
        const pending = await queue.enqueue(before.db, { type: "t", payload: "pending" });
        const delayed = await queue.enqueue(before.db, {
          type: "t",
          payload: "delayed",
          runAt: new Date(Date.parse(T0) + HOUR),
        });
        await before.close();

        const after = await database.open();
        const { runs, handler } = recorder();
        const w = worker({ t: handler }, { storage: after });
        expect(await w.runDue()).toBe(1);
        expect(runs.map((r) => r.payload)).toEqual(["pending"]);
        clock.advance(60_001);
        expect(await w.runDue()).toBe(1);
        expect(runs.map((r) => r.payload)).toEqual(["pending", "interrupted"]);
        clock.advance(HOUR);
        expect(await w.runDue()).toBe(1);
        expect(runs.map((r) => r.payload)).toEqual(["pending", "interrupted", "delayed"]);
        expect(await queue.get(after.db, pending.id)).toMatchObject({ status: "done", attempts: 1 });
        expect(await queue.get(after.db, interrupted.id)).toMatchObject({ status: "done", attempts: 2 });
        expect(await queue.get(after.db, delayed.id)).toMatchObject({ status: "done", attempts: 1 });
      });
    });

    describe("pruning", () => {
      it("deletes done and failed jobs finished before the cutoff, and frees their dedupe keys", async () => {
        const w = worker({ ok: async () => {}, bad: () => Promise.reject(new Error("no")) });
        const oldDone = await queue.enqueue(storage.db, { type: "ok", payload: {}, dedupeKey: "old" });
        const oldFailed = await queue.enqueue(storage.db, { type: "bad", payload: {}, maxAttempts: 1 });
        const scheduled = await queue.enqueue(storage.db, {
          type: "ok",
          payload: {},
          runAt: new Date(Date.parse(T0) + 72 * HOUR),
        });
        expect(await w.runDue()).toBe(2);
        clock.advance(48 * HOUR);
        const newDone = await queue.enqueue(storage.db, { type: "ok", payload: {} });
        const retrying = await queue.enqueue(storage.db, { type: "bad", payload: {}, maxAttempts: 3 });
        expect(await w.runDue()).toBe(2);

        const cutoff = new Date(clock.now().getTime() - 24 * HOUR);
        expect(await queue.prune(storage.db, cutoff)).toBe(2);
        expect(await get(oldDone.id)).toBeUndefined();
        expect(await get(oldFailed.id)).toBeUndefined();
        expect((await get(newDone.id))?.status).toBe("done");
        expect((await get(retrying.id))?.status).toBe("pending");
        expect((await get(scheduled.id))?.status).toBe("pending");
        expect(await jobCount(storage)).toBe(3);
        expect(await queue.prune(storage.db, cutoff)).toBe(0);
        const again = await queue.enqueue(storage.db, { type: "ok", payload: {}, dedupeKey: "old" });
        expect(again.duplicate).toBe(false);
      });
    });
  });
}

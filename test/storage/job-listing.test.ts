import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "../../src/infra/ids.js";
import { JobQueue } from "../../src/job-queue/job-queue.js";
import type { Storage } from "../../src/storage/database.js";
import { MIGRATIONS_TABLE, migrateToLatest } from "../../src/storage/migrator.js";
import { createRepos } from "../../src/storage/repos/index.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../helpers/dialects.js";
import { ManualClock } from "../helpers/manual-clock.js";

const T0 = "2026-11-21T10:00:00.000Z";
const MINUTE = 60_000;

describe.each(DIALECTS)("job listing, cancelling and counting on %s", (dialect) => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    storage = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function open() {
    storage = await openTestStorage(dialect);
    await migrateToLatest(storage);
    const clock = new ManualClock(T0);
    return { db: storage.db, repos: createRepos(storage.db), clock, queue: new JobQueue({ clock, newId }) };
  }

  it_("stores the payload's threadId as thread_id, and lists newest first with filters", async () => {
    const { db, repos, clock, queue } = await open();
    const a = await queue.enqueue(db, {
      type: "thread.reply",
      payload: { threadId: "t-1" },
      projectId: "prj_a",
    });
    clock.advance(1000);
    const b = await queue.enqueue(db, {
      type: "integration.connect",
      payload: { integrationId: "i" },
      projectId: "prj_a",
    });
    clock.advance(1000);
    const c = await queue.enqueue(db, {
      type: "thread.title",
      payload: { threadId: 42 },
      projectId: "prj_a",
    });
    await queue.enqueue(db, { type: "thread.reply", payload: { threadId: "t-1" }, projectId: "prj_b" });

    const ids = async (query: Partial<Parameters<typeof repos.jobs.list>[0]>) =>
      (await repos.jobs.list({ projectId: "prj_a", limit: 10, ...query })).map((row) => row.id);
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect((await repos.jobs.find(a.id))?.thread_id).toBe("t-1");
    expect((await repos.jobs.find(c.id))?.thread_id).toBeNull();
    expect(await ids({ threadId: "t-1" })).toEqual([a.id]);
    expect(await ids({ threadsOnly: true })).toEqual([a.id]);
    expect(await ids({ type: "integration.connect" })).toEqual([b.id]);
    expect(await ids({ after: { createdAt: (await repos.jobs.find(b.id))!.created_at, id: b.id } })).toEqual([
      a.id,
    ]);
    expect(await ids({ projectId: null })).toHaveLength(4);
  });

  it_("cancels only pending jobs, frees their dedupe key and prunes them later", async () => {
    const { db, repos, clock, queue } = await open();
    const job = await queue.enqueue(db, {
      type: "thread.reply",
      payload: {},
      dedupeKey: "reply:x",
      projectId: "p",
    });
    expect(await repos.jobs.cancelPending(job.id, clock.now())).toBe(true);
    expect(await repos.jobs.find(job.id)).toMatchObject({
      status: "cancelled",
      dedupe_key: null,
      finished_at: T0,
    });
    expect(await repos.jobs.cancelPending(job.id, clock.now())).toBe(false);
    const again = await queue.enqueue(db, {
      type: "thread.reply",
      payload: {},
      dedupeKey: "reply:x",
      projectId: "p",
    });
    expect(again.duplicate).toBe(false);
    expect(
      await repos.jobs.claim({ dialect, workerId: "w", limit: 10, now: clock.now(), leaseMs: MINUTE }),
    ).toEqual([expect.objectContaining({ id: again.id })]);
    expect(await repos.jobs.cancelPending(again.id, clock.now())).toBe(false);
    expect(await queue.prune(db, new Date(Date.parse(T0) + 1))).toBe(1);
    expect(await repos.jobs.find(job.id)).toBeUndefined();
  });

  it_("counts jobs by type and state: queued (due), scheduled (later), running, failed", async () => {
    const { db, repos, clock, queue } = await open();
    const now = clock.now();
    await queue.enqueue(db, { type: "thread.reply", payload: {} });
    await queue.enqueue(db, { type: "thread.reply", payload: {} });
    await queue.enqueue(db, { type: "thread.reply", payload: {}, runAt: new Date(now.getTime() + MINUTE) });
    await queue.enqueue(db, { type: "memory.index", payload: {}, maxAttempts: 1 });
    const [claimed] = await repos.jobs.claim({ dialect, workerId: "w", limit: 1, now, leaseMs: MINUTE });
    const failed = await queue.enqueue(db, { type: "channel.deliver", payload: {}, maxAttempts: 1 });
    await db.updateTable("jobs").set({ status: "failed" }).where("id", "=", failed.id).execute();
    const done = await queue.enqueue(db, { type: "thread.title", payload: {} });
    await db.updateTable("jobs").set({ status: "done" }).where("id", "=", done.id).execute();

    const counts = await repos.jobs.countByState(now);
    const running = claimed!.type;
    const expected = [
      { type: "thread.reply", state: "queued", count: running === "thread.reply" ? 1 : 2 },
      { type: "thread.reply", state: "scheduled", count: 1 },
      { type: "channel.deliver", state: "failed", count: 1 },
      running === "thread.reply"
        ? { type: "thread.reply", state: "running", count: 1 }
        : { type: "memory.index", state: "running", count: 1 },
      ...(running === "thread.reply" ? [{ type: "memory.index", state: "queued", count: 1 }] : []),
    ];
    const key = (row: { type: string; state: string }) => `${row.type}/${row.state}`;
    expect([...counts].sort((x, y) => key(x).localeCompare(key(y)))).toEqual(
      expected.sort((x, y) => key(x).localeCompare(key(y))),
    );
  });

  it_("migration 0016 fills thread_id of the jobs that were queued before it", async () => {
    const { db, repos, queue } = await open();
    const job = await queue.enqueue(db, {
      type: "thread.reply",
      payload: { threadId: "old" },
      projectId: "p",
    });
    const other = await queue.enqueue(db, { type: "x", payload: { threadId: ["not", "an", "id"] } });
    // Back to the schema before 0016, with the job still there.
    for (const index of [
      "jobs_project_created_idx",
      "jobs_project_thread_idx",
      "tool_approvals_status_idx",
    ]) {
      await sql`drop index ${sql.id(index)}`.execute(db);
    }
    await sql`alter table jobs drop column thread_id`.execute(db);
    await sql`delete from ${sql.table(MIGRATIONS_TABLE)} where name = '0016_operations'`.execute(db);

    expect(await migrateToLatest(storage!)).toEqual(["0016_operations"]);
    expect((await repos.jobs.find(job.id))?.thread_id).toBe("old");
    expect((await repos.jobs.find(other.id))?.thread_id).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewThreadEvent } from "../../src/events/thread-event.js";
import type { Storage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import {
  latestThreadEventSeq,
  pruneThreadEvents,
  recordThreadEvents,
  replayThreadEvents,
} from "../../src/storage/repos/thread-events.repo.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../helpers/dialects.js";
import { ManualClock } from "../helpers/manual-clock.js";

const pending = (threadId: string, count: number): NewThreadEvent => ({
  thread_id: threadId,
  type: "pending_count",
  pending_count: count,
});

describe.each(DIALECTS)("thread event log on %s", (dialect) => {
  let storage: Storage;
  let clock: ManualClock;

  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    storage = await openTestStorage(dialect);
    await migrateToLatest(storage);
    clock = new ManualClock("2026-11-21T10:00:00.000Z");
  });
  afterEach(async () => {
    await storage?.close();
  });

  it.skipIf(shouldSkip(dialect))("records events with increasing seq and the clock's time", async () => {
    const message = {
      id: "msg_1",
      role: "user" as const,
      content: "Hello",
      author: "user" as const,
      created_at: "2026-11-21T09:59:59.000Z",
    };
    const stored = await storage.db
      .transaction()
      .execute((trx) =>
        recordThreadEvents(
          trx,
          "prj_a",
          [
            { thread_id: "thr_1", type: "message_created", message },
            { thread_id: "thr_1", type: "mode_changed", mode: "manual" },
            pending("thr_1", 1),
          ],
          clock,
        ),
      );
    expect(stored.map((s) => s.event.type)).toEqual(["message_created", "mode_changed", "pending_count"]);
    expect(stored[0]!.seq).toBeLessThan(stored[1]!.seq);
    expect(stored[1]!.seq).toBeLessThan(stored[2]!.seq);
    expect(stored.every((s) => s.projectId === "prj_a")).toBe(true);
    expect(stored[0]!.event).toEqual({
      thread_id: "thr_1",
      type: "message_created",
      message,
      created_at: "2026-11-21T10:00:00.000Z",
    });
    const replayed = await replayThreadEvents(storage.db, { projectId: "prj_a", afterSeq: 0, limit: 10 });
    expect(replayed).toEqual(stored);
    const row = await storage.db
      .selectFrom("thread_events")
      .selectAll()
      .where("seq", "=", stored[1]!.seq)
      .executeTakeFirst();
    expect(row).toMatchObject({ project_id: "prj_a", thread_id: "thr_1", type: "mode_changed" });
    expect(row!.created_at).toBe("2026-11-21T10:00:00.000Z");
    expect(JSON.parse(row!.data)).toEqual(stored[1]!.event);
  });

  it.skipIf(shouldSkip(dialect))("records nothing when the transaction rolls back", async () => {
    await expect(
      storage.db.transaction().execute(async (trx) => {
        const stored = await recordThreadEvents(trx, "prj_a", [pending("thr_1", 1)], clock);
        expect(stored).toHaveLength(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await replayThreadEvents(storage.db, { projectId: "prj_a", afterSeq: 0, limit: 10 })).toEqual([]);
    expect(await latestThreadEventSeq(storage.db, "prj_a")).toBe(0);
  });

  it.skipIf(shouldSkip(dialect))("opens its own transaction when given no transaction", async () => {
    const stored = await recordThreadEvents(
      storage.db,
      "prj_a",
      [pending("thr_1", 1), pending("thr_1", 2)],
      clock,
    );
    expect(stored).toHaveLength(2);
    expect(await recordThreadEvents(storage.db, "prj_a", [], clock)).toEqual([]);
  });

  it.skipIf(shouldSkip(dialect))(
    "replays after a seq, in order, by project and thread, up to a limit",
    async () => {
      const a1 = await recordThreadEvents(
        storage.db,
        "prj_a",
        [pending("thr_1", 1), pending("thr_2", 1)],
        clock,
      );
      await recordThreadEvents(storage.db, "prj_b", [pending("thr_1", 7)], clock);
      const a2 = await recordThreadEvents(
        storage.db,
        "prj_a",
        [pending("thr_1", 2), pending("thr_2", 2)],
        clock,
      );
      const all = [...a1, ...a2];

      const seqs = (events: { seq: number }[]) => events.map((e) => e.seq);
      expect(
        seqs(await replayThreadEvents(storage.db, { projectId: "prj_a", afterSeq: 0, limit: 100 })),
      ).toEqual(seqs(all));
      expect(
        seqs(await replayThreadEvents(storage.db, { projectId: "prj_a", afterSeq: all[1]!.seq, limit: 100 })),
      ).toEqual(seqs(a2));
      expect(
        seqs(
          await replayThreadEvents(storage.db, {
            projectId: "prj_a",
            threadId: "thr_1",
            afterSeq: 0,
            limit: 100,
          }),
        ),
      ).toEqual([all[0]!.seq, all[2]!.seq]);
      expect(
        seqs(await replayThreadEvents(storage.db, { projectId: "prj_a", afterSeq: 0, limit: 3 })),
      ).toEqual(seqs(all.slice(0, 3)));
      const other = await replayThreadEvents(storage.db, { projectId: "prj_b", afterSeq: 0, limit: 100 });
      expect(other.map((e) => e.event)).toEqual([
        expect.objectContaining({ thread_id: "thr_1", pending_count: 7 }),
      ]);
      expect(await latestThreadEventSeq(storage.db, "prj_a")).toBe(all[3]!.seq);
      expect(await latestThreadEventSeq(storage.db, "prj_none")).toBe(0);
    },
  );

  it.skipIf(shouldSkip(dialect))("prunes events older than a time, and never reuses a seq", async () => {
    const old = await recordThreadEvents(
      storage.db,
      "prj_a",
      [pending("thr_1", 1), pending("thr_1", 2)],
      clock,
    );
    clock.advance(10 * 60_000);
    const recent = await recordThreadEvents(storage.db, "prj_a", [pending("thr_1", 3)], clock);

    expect(await pruneThreadEvents(storage.db, "2026-11-21T10:05:00.000Z")).toBe(2);
    const left = await replayThreadEvents(storage.db, { projectId: "prj_a", afterSeq: 0, limit: 10 });
    expect(left).toEqual(recent);

    expect(await pruneThreadEvents(storage.db, "2026-11-21T11:00:00.000Z")).toBe(1);
    const next = await recordThreadEvents(storage.db, "prj_a", [pending("thr_1", 4)], clock);
    expect(next[0]!.seq).toBeGreaterThan(recent[0]!.seq);
    expect(old[1]!.seq).toBeLessThan(recent[0]!.seq);
  });

  it.skipIf(dialect !== "postgres" || shouldSkip(dialect))(
    "within a project, a later transaction waits, so seq order is commit order",
    async () => {
      const first = await storage.db.startTransaction().execute();
      const [held] = await recordThreadEvents(first, "prj_a", [pending("thr_1", 1)], clock);
      let secondDone = false;
      const second = recordThreadEvents(storage.db, "prj_a", [pending("thr_1", 2)], clock).then((stored) => {
        secondDone = true;
        return stored;
      });
      // Another project is not held up.
      await recordThreadEvents(storage.db, "prj_b", [pending("thr_1", 1)], clock);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(secondDone).toBe(false);
      await first.commit().execute();
      const [after] = await second;
      expect(after!.seq).toBeGreaterThan(held!.seq);
    },
  );
});

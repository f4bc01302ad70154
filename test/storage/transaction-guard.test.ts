import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../../src/storage/database.js";
import { DatabaseBusyError } from "../../src/storage/database-busy-error.js";
import { createRepos } from "../../src/storage/repos/index.js";
import type { Database } from "../../src/storage/schema.js";
import { TransactionMisuseError } from "../../src/storage/transaction-misuse-error.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../helpers/dialects.js";
import { gate, holdTransaction } from "../helpers/held-transaction.js";

const readOne = (trx: Kysely<Database>) => sql`select 1`.execute(trx);
const writeOne = (trx: Kysely<Database>) => sql`insert into guarded (note) values ('held')`.execute(trx);

const projectsOf = (storage: Storage) => storage.db.selectFrom("projects").select("id").execute();

/** docs/operations.md, "Database busy and held transactions". */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`the transaction guard (${dialect})`, () => {
    const opened: Storage[] = [];
    afterEach(async () => {
      for (const storage of opened.splice(0)) await storage.close();
    });
    const open = async (options: Parameters<typeof openTestStorage>[1] = {}) => {
      const storage = await openTestStorage(dialect, options);
      opened.push(storage);
      await sql`create table projects (id text primary key)`.execute(storage.db);
      return storage;
    };

    for (const misuseDetection of ["stacks", "scopes"] as const) {
      it(`fails a root query issued from an open transaction's work at once, and reports it (${misuseDetection})`, async () => {
        // One PostgreSQL connection: the root query would wait for the transaction's, as on SQLite.
        const storage = await open({ misuseDetection, pgPoolSize: 1 });
        const reported: TransactionMisuseError[] = [];
        storage.transactions!.onMisuse((error) => reported.push(error));

        // On SQLite each of these waited forever for the connection its own transaction held.
        const direct = storage.db.transaction().execute(async () => projectsOf(storage));
        await expect(direct).rejects.toBeInstanceOf(TransactionMisuseError);
        await expect(direct).rejects.toThrow(/a query outside its transaction was issued inside it/i);
        const root = createRepos(storage.db);
        await expect(
          root.transaction(async (repos) => {
            await sql`insert into projects (id) values ('prj_rolled_back')`.execute(
              repos.knowledge.connection,
            );
            await sql`select 1`.execute(storage.db);
          }),
        ).rejects.toBeInstanceOf(TransactionMisuseError);
        await expect(
          storage.db.transaction().execute(async () => storage.db.transaction().execute(async () => 1)),
        ).rejects.toBeInstanceOf(TransactionMisuseError);
        // Deeper: through services and repositories that await, and Promise.all.
        const repository = async () => {
          await null;
          return await projectsOf(storage);
        };
        const service = async () => {
          await Promise.resolve();
          const rows = await repository();
          return rows;
        };
        await expect(
          storage.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await service();
          }),
        ).rejects.toBeInstanceOf(TransactionMisuseError);
        await expect(
          storage.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await Promise.all([1, 2].map(async () => service()));
          }),
        ).rejects.toBeInstanceOf(TransactionMisuseError);
        expect(reported.length).toBeGreaterThanOrEqual(5);
        expect(reported[0]!.stack).toContain("TransactionMisuseError");

        // Nothing is held afterwards: both handles answer, nothing of the failed ones was kept.
        await storage.db.transaction().execute(async (trx) => {
          await sql`insert into projects (id) values ('prj_1')`.execute(trx);
        });
        expect(await projectsOf(storage)).toEqual([{ id: "prj_1" }]);
        expect(storage.transactions!.longestHoldMs()).toBe(0);
      });
    }

    it("without exact scopes, a misuse the work reaches only through a promise an async function returned unawaited is not seen at once: on SQLite it waits the busy timeout, never longer", async () => {
      const storage = await open({ misuseDetection: "stacks", busyTimeoutMs: 50 });
      // V8's async stack traces do not follow `return promise` from an async function.
      const query = async () => {
        await null;
        return projectsOf(storage);
      };
      const returning = async () => query();
      const hidden = storage.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await returning();
      });
      if (dialect === "sqlite") await expect(hidden).rejects.toBeInstanceOf(DatabaseBusyError);
      else await expect(hidden).resolves.toBeUndefined();
      expect(await projectsOf(storage)).toEqual([]);
      if (dialect === "postgres") {
        // With a free connection in the pool, a misuse takes it (no wait, so not looked at).
        await expect(storage.db.transaction().execute(async () => projectsOf(storage))).resolves.toEqual([]);
      }
      // Exact scopes see it at once.
      const exact = await open({ misuseDetection: "scopes" });
      const exactQuery = async () => {
        await null;
        return projectsOf(exact);
      };
      const exactReturning = async () => exactQuery();
      await expect(
        exact.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await exactReturning();
        }),
      ).rejects.toBeInstanceOf(TransactionMisuseError);
    });

    it("lets work started in a transaction use the root handle once the transaction has ended, and another storage at any time", async () => {
      const storage = await open();
      const other = await openTestStorage("sqlite");
      opened.push(other);
      await sql`create table projects (id text primary key)`.execute(other.db);
      const committed = gate();
      let afterwards: Promise<unknown> | undefined;
      await storage.db.transaction().execute(async (trx) => {
        await sql`insert into projects (id) values ('prj_1')`.execute(trx);
        await sql`insert into projects (id) values ('prj_other')`.execute(other.db);
        afterwards = committed.opened.then(() => projectsOf(storage));
      });
      committed.open();
      expect(await afterwards).toEqual([{ id: "prj_1" }]);
      expect(await projectsOf(other)).toEqual([{ id: "prj_other" }]);
    });

    it("tells how long the longest open transaction has been open", async () => {
      let now = 1_000;
      const storage = await open({ now: () => now });
      expect(storage.transactions!.longestHoldMs()).toBe(0);
      const held = await holdTransaction(storage, readOne);
      now += 1_500;
      expect(storage.transactions!.longestHoldMs()).toBe(1_500);
      await held.release();
      expect(storage.transactions!.longestHoldMs()).toBe(0);
      // A rolled-back one ends too.
      await expect(
        storage.db.transaction().execute(async () => {
          now += 10;
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(storage.transactions!.longestHoldMs()).toBe(0);
    });
  });
}

describe("SQLite's single writer", () => {
  const opened: Storage[] = [];
  let dir: string | undefined;
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const open = async (busyTimeoutMs: number, path = ":memory:") => {
    const storage = openStorage({ sqlitePath: path, busyTimeoutMs });
    opened.push(storage);
    await sql`create table if not exists guarded (note text)`.execute(storage.db);
    return storage;
  };

  it("is waited for at most the busy timeout while this process holds it, then DatabaseBusyError", async () => {
    const storage = await open(50);
    const held = await holdTransaction(storage, writeOne);
    const waited = sql`select count(*) as n from guarded`.execute(storage.db);
    await expect(waited).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(waited).rejects.toMatchObject({ holder: "this process", retryAfterSeconds: 1 });
    await expect(storage.db.transaction().execute(async () => 1)).rejects.toBeInstanceOf(DatabaseBusyError);
    await held.release();
    expect((await sql<{ n: number }>`select count(*) as n from guarded`.execute(storage.db)).rows).toEqual([
      { n: 1 },
    ]);
  });

  it("goes to the queries waiting for it, in order, when released in time", async () => {
    const storage = await open(600_000);
    const held = await holdTransaction(storage, writeOne);
    const order: string[] = [];
    const first = storage.db.transaction().execute(async (trx) => {
      await sql`insert into guarded (note) values ('first')`.execute(trx);
      order.push("first");
    });
    const second = sql`select note from guarded`.execute(storage.db).then((result) => {
      order.push("second");
      return result.rows;
    });
    await held.release();
    await first;
    expect(await second).toEqual([{ note: "held" }, { note: "first" }]);
    expect(order).toEqual(["first", "second"]);
  });

  it("held by another process past the busy timeout gives DatabaseBusyError too", async () => {
    dir = mkdtempSync(join(tmpdir(), "parley-busy-"));
    const path = join(dir, "parley.sqlite");
    const holder = await open(600_000, path);
    const waiter = await open(50, path);
    const held = await holdTransaction(holder, writeOne);
    const write = sql`insert into guarded (note) values ('waiter')`.execute(waiter.db);
    await expect(write).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(write).rejects.toMatchObject({ holder: "another process" });
    await held.release();
    await sql`insert into guarded (note) values ('waiter')`.execute(waiter.db);
    expect((await sql<{ note: string }>`select note from guarded`.execute(holder.db)).rows).toEqual([
      { note: "held" },
      { note: "waiter" },
    ]);
  });
});

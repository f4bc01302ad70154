import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { holdTransaction } from "../helpers/held-transaction.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const longestHold = (metrics: string) =>
  Number(/^parley_database_transaction_longest_hold_seconds (\S+)$/m.exec(metrics)?.[1]);

/** docs/operations.md: "Transaction misuse", "Database busy", "Readiness". */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`the database guard over HTTP (${dialect})`, () => {
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
    });

    it("answers a transaction misuse with a 500 at once and logs it as an error with its stack", async () => {
      const log = logLines();
      t = await createTestApp({
        dialect,
        env: { LOG_LEVEL: "error" },
        logStream: log.stream,
        allowTransactionMisuse: true,
        beforeReady: (app) =>
          app.get("/test/misuse", async () => {
            const { db } = t!.storage;
            return db.transaction().execute(async () => db.selectFrom("projects").select("id").execute());
          }),
      });
      const response = await t.app.inject({ url: "/test/misuse" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: "internal_error" });
      const misuse = log.lines.find(
        (line) => line.msg === "a query outside its transaction was issued inside it",
      );
      expect(misuse).toMatchObject({ level: 50, err: { type: "TransactionMisuseError" } });
      expect(String((misuse!.err as { stack: string }).stack)).toContain("TransactionMisuseError");
      // The database still answers.
      expect((await t.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
    });

    it(
      dialect === "sqlite"
        ? "answers 503 database_busy with Retry-After while SQLite's writer stays held past the busy timeout"
        : "answers while another transaction is held (PostgreSQL has no single writer)",
      async () => {
        t = await createTestApp({ dialect, env: { PARLEY_DATABASE_BUSY_TIMEOUT_MS: "50" } });
        const bot = (await t.call("POST", "/v1/bots", { body: { name: "Busy" } })).json();
        const held = await holdTransaction(t.storage, (trx) =>
          sql`update projects set name = name`.execute(trx),
        );
        const during = await t.call("GET", `/v1/bots/${bot.id}`);
        if (dialect === "sqlite") {
          expect(during.statusCode, during.body).toBe(503);
          expect(during.json()).toMatchObject({ code: "database_busy" });
          expect(during.headers["retry-after"]).toBe("1");
        } else {
          expect(during.statusCode, during.body).toBe(200);
        }
        await held.release();
        const after = await t.call("GET", `/v1/bots/${bot.id}`);
        expect(after.statusCode, after.body).toBe(200);
      },
    );

    it("is not ready while a transaction has been held past the limit, ready after; the gauge shows the longest hold", async () => {
      let now = 0;
      t = await createTestApp({
        dialect,
        storageNow: () => now,
        env: { PARLEY_DATABASE_HOLD_LIMIT_MS: "10000", PARLEY_DATABASE_BUSY_TIMEOUT_MS: "50" },
      });
      expect(longestHold((await t.app.inject({ url: "/metrics" })).body)).toBe(0);
      const held = await holdTransaction(t.storage, (trx) =>
        sql`update projects set name = name`.execute(trx),
      );

      now += 4_000;
      const early = await t.app.inject({ url: "/readyz" });
      // Under the limit: PostgreSQL answers the ping; SQLite's ping waits for the held writer.
      if (dialect === "sqlite") {
        expect(early.statusCode).toBe(503);
        expect(early.json()).toEqual({ status: "not_ready", reason: "database busy" });
      } else {
        expect(early.json()).toEqual({ status: "ready" });
      }

      now += 6_500;
      const late = await t.app.inject({ url: "/readyz" });
      expect(late.statusCode).toBe(503);
      expect(late.json()).toEqual({
        status: "not_ready",
        reason: "database transaction held too long",
        held_seconds: 10.5,
      });
      expect(longestHold((await t.app.inject({ url: "/metrics" })).body)).toBe(10.5);

      await held.release();
      expect((await t.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
      expect(longestHold((await t.app.inject({ url: "/metrics" })).body)).toBe(0);
    });
  });
}

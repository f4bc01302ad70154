import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.js";
import type { App } from "../../../src/infra/http-types.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { bootstrap } from "../../../src/modules/projects/bootstrap.js";
import type { Storage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../../helpers/dialects.js";
import { ADMIN_KEY } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";
import { makeHostilePageTree } from "./fixtures/make-pdf.js";
import { multipart } from "./knowledge-app.js";

const MISBEHAVING = new URL("./fixtures/misbehaving-parse-worker.ts", import.meta.url);
const FAQ =
  "# Refunds\n\nRefunds reach the card in 5 days.\n\n# Delivery\n\nDelivery to Moscow costs 500 rubles.";
const headers = { authorization: `Bearer ${ADMIN_KEY}` };
const secrets = createSecretBox(randomBytes(32));
/** Workers start, load the readers and parse on a machine that may be busy: a generous bound. */
const SLOW_TEST_MS = 120_000;

/**
 * Uploaded documents are parsed in worker threads (docs/operations.md, "Parse workers"): the
 * server answers while one is parsed, a document that is hostile or that a worker gives up on
 * ends `error` at once with a code saying why (docs/knowledge.md, "Ingestion"), and a file whose
 * parse the process died in is not parsed again for ever.
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`document ingestion off the event loop (${dialect})`, () => {
    let storage: Storage;
    let filesDir: string;
    const apps: App[] = [];

    beforeEach(async () => {
      storage = await openTestStorage(dialect);
      await migrateToLatest(storage);
      await bootstrap(storage, { clock: { now: () => new Date() }, newId, bootstrapKey: ADMIN_KEY });
      filesDir = mkdtempSync(join(tmpdir(), "parley-ingest-files-"));
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
      await storage.close();
    });

    /** The server on this test's database; the same storage and files make a restart. */
    async function start(env: Record<string, string> = {}, entry?: URL): Promise<App> {
      const app = await buildApp({
        config: testConfig({ PARLEY_FILES_DIR: filesDir, PARLEY_RATE_LIMIT_PER_KEY: "100000", ...env }),
        storage,
        secrets,
        workerPollMs: 50,
        ...(entry ? { parseWorkerEntry: entry } : {}),
      });
      apps.push(app);
      await app.ready();
      return app;
    }

    async function upload(app: App, filename: string, content: string | Buffer): Promise<string> {
      const body = await multipart([
        ["purpose", "assistants"],
        ["file", { filename, content }],
      ]);
      const response = await app.inject({
        method: "POST",
        url: "/v1/files",
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(200);
      return response.json().id as string;
    }

    async function storeOf(app: App, fileIds: string[]): Promise<string> {
      const response = await app.inject({
        method: "POST",
        url: "/v1/vector_stores",
        headers,
        payload: { name: "Docs", file_ids: fileIds },
      });
      expect(response.statusCode).toBe(200);
      return response.json().id as string;
    }

    /** Every file of the store as /v1 and the OpenAI mirror show it, once none is pending. */
    async function settled(app: App, storeId: string, timeoutMs = 60_000) {
      const files = await eventually(
        async () =>
          (
            await app.inject({ method: "GET", url: `/v1/vector_stores/${storeId}/files?limit=100`, headers })
          ).json().data as Array<{
            id: string;
            status: string;
            last_error: { code: string; message: string };
          }>,
        (data) => data.every((file) => file.status !== "pending"),
        timeoutMs,
      );
      const result: Record<string, { status: string; code?: string; openAiCode?: string; message?: string }> =
        {};
      for (const file of files) {
        const mirrored = (
          await app.inject({
            method: "GET",
            url: `/openai/v1/vector_stores/${storeId}/files/${file.id}`,
            headers,
          })
        ).json();
        result[file.id] = {
          status: file.status,
          ...(file.last_error
            ? {
                code: file.last_error.code,
                message: file.last_error.message,
                openAiCode: mirrored.last_error.code,
              }
            : {}),
        };
      }
      return result;
    }

    const ingestJobs = () =>
      storage.db
        .selectFrom("jobs")
        .select(["status", "attempts"])
        .where("type", "=", "knowledge.ingest")
        .execute();
    const parseAttempts = async (fileId: string) =>
      (
        await storage.db
          .selectFrom("vector_store_files")
          .select("parse_attempts")
          .where("file_id", "=", fileId)
          .executeTakeFirstOrThrow()
      ).parse_attempts;
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
    };

    it(
      "answers requests while a document is being parsed, having counted the parse before it began",
      async () => {
        const app = await start({ PARLEY_PARSE_TIMEOUT_MS: "600000" }, MISBEHAVING);
        const gate = join(mkdtempSync(join(tmpdir(), "parley-parse-gate-")), "open");
        const fileId = await upload(app, "slow.md", `GATE ${gate}\n\n${FAQ}`);
        const storeId = await storeOf(app, [fileId]);
        // The worker now holds its thread in the middle of this file's parse…
        await until(() => existsSync(`${gate}.held`));
        // …and the server answers, the database included.
        expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
        const pending = await app.inject({
          method: "GET",
          url: `/v1/vector_stores/${storeId}/files/${fileId}`,
          headers,
        });
        expect(pending.json()).toMatchObject({ status: "pending", last_error: null });
        expect(await parseAttempts(fileId)).toBe(1);
        expect(existsSync(gate)).toBe(false); // still held: the answers above came while it parsed

        writeFileSync(gate, "");
        expect(await settled(app, storeId)).toEqual({ [fileId]: { status: "processed" } });
        expect(await parseAttempts(fileId)).toBe(0);
        const found = await app.inject({
          method: "POST",
          url: `/v1/vector_stores/${storeId}/search`,
          headers,
          payload: { query: "refund card" },
        });
        expect(found.json().data[0]).toMatchObject({ file_id: fileId });
      },
      SLOW_TEST_MS,
    );

    it(
      "ends hostile documents in error with their code at once, and keeps answering",
      async () => {
        const app = await start();
        const ids = {
          pages: await upload(app, "pages.pdf", Buffer.from(makeHostilePageTree("repeat", 16_000))),
          repeated: await upload(app, "repeated.pdf", Buffer.from(makeHostilePageTree("repeat", 5_000))),
          json: await upload(app, "deep.json", `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`),
          csv: await upload(
            app,
            "wide.csv",
            `${Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(",")}\n${"1,".repeat(199_999)}1\n`,
          ),
          html: await upload(
            app,
            "deep.html",
            `<html><body>${"<div>".repeat(200_000)}deep${"</div>".repeat(200_000)}`,
          ),
          faq: await upload(app, "faq.md", FAQ),
        };
        const storeId = await storeOf(app, Object.values(ids));
        const files = await settled(app, storeId);
        expect(files[ids.pages]).toMatchObject({
          status: "error",
          code: "invalid_file",
          openAiCode: "invalid_file",
        });
        expect(files[ids.pages]?.message).toContain("16000 pages");
        for (const id of [ids.repeated, ids.json, ids.html]) {
          expect(files[id]).toMatchObject({
            status: "error",
            code: "document_too_complex",
            openAiCode: "invalid_file",
          });
        }
        expect(files[ids.csv]).toMatchObject({
          status: "error",
          code: "invalid_file",
          openAiCode: "invalid_file",
        });
        expect(files[ids.csv]?.message).toContain("columns");
        expect(files[ids.faq]).toEqual({ status: "processed" });
        // One run each: a refused document is not retried.
        // A job is marked done in its own write just after its file's status: wait for it.
        const jobs6 = await eventually(ingestJobs, (rows) => rows.every((row) => row.status === "done"));
        expect(jobs6).toEqual(Array(6).fill({ status: "done", attempts: 1 }));
        expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      },
      SLOW_TEST_MS,
    );

    it(
      "a parse past its time limit, or one that kills its worker, ends error with no retry",
      async () => {
        // Only the stuck file can reach the limit: the others take milliseconds.
        const app = await start({ PARLEY_PARSE_TIMEOUT_MS: "5000" }, MISBEHAVING);
        const ids = {
          hang: await upload(app, "hang.md", `HANG\n\n${FAQ}`),
          exit: await upload(app, "exit.md", `EXIT\n\n${FAQ}`),
          faq: await upload(app, "faq.md", FAQ),
        };
        const files = await settled(app, await storeOf(app, Object.values(ids)));
        expect(files[ids.hang]).toMatchObject({
          status: "error",
          code: "parse_timeout",
          openAiCode: "invalid_file",
        });
        expect(files[ids.exit]).toMatchObject({
          status: "error",
          code: "parse_crashed",
          openAiCode: "server_error",
        });
        // Each worker was replaced: the ordinary file after them is processed.
        expect(files[ids.faq]).toEqual({ status: "processed" });
        // A job is marked done in its own write just after its file's status: wait for it.
        const jobs3 = await eventually(ingestJobs, (rows) => rows.every((row) => row.status === "done"));
        expect(jobs3).toEqual(Array(3).fill({ status: "done", attempts: 1 }));
        for (const id of Object.values(ids)) expect(await parseAttempts(id)).toBe(0);
      },
      SLOW_TEST_MS,
    );

    it(
      "a parse past its memory limit ends error with no retry, and the next file gets a new worker",
      async () => {
        const app = await start({ PARLEY_PARSE_MEMORY_MB: "32" });
        const ids = {
          big: await upload(app, "big.txt", "word ".repeat(2_000_000)),
          faq: await upload(app, "faq.md", FAQ),
        };
        const files = await settled(app, await storeOf(app, Object.values(ids)));
        expect(files[ids.big]).toMatchObject({
          status: "error",
          code: "parse_out_of_memory",
          openAiCode: "invalid_file",
        });
        expect(files[ids.big]?.message).toContain("32 MB");
        expect(files[ids.faq]).toEqual({ status: "processed" });
        expect(await ingestJobs()).toEqual(Array(2).fill({ status: "done", attempts: 1 }));
      },
      SLOW_TEST_MS,
    );

    it(
      "after a restart, a file whose parse the process died in twice is refused, not parsed again",
      async () => {
        const first = await start({ PARLEY_RUN_WORKER: "false" });
        const ids = {
          // Parsing this one would hold the only worker until the test times out.
          crashed: await upload(first, "crashed.md", `HANG\n\n${FAQ}`),
          once: await upload(first, "once.md", FAQ),
          fresh: await upload(first, "fresh.md", FAQ),
        };
        const storeId = await storeOf(first, Object.values(ids));
        await first.close();
        apps.splice(apps.indexOf(first), 1);
        // What processes that died while parsing leave behind: attempts counted and never cleared.
        const leave = (fileId: string, attempts: number) =>
          storage.db
            .updateTable("vector_store_files")
            .set({ parse_attempts: attempts })
            .where("file_id", "=", fileId)
            .execute();
        await leave(ids.crashed, 2);
        await leave(ids.once, 1);

        const second = await start({ PARLEY_PARSE_TIMEOUT_MS: "600000" }, MISBEHAVING);
        const files = await settled(second, storeId);
        expect(files[ids.crashed]).toMatchObject({
          status: "error",
          code: "parse_crashed",
          openAiCode: "server_error",
        });
        expect(files[ids.crashed]?.message).toContain("2 times");
        // One death is forgiven (a deploy, an unrelated crash); a file never started is as new.
        expect(files[ids.once]).toEqual({ status: "processed" });
        expect(files[ids.fresh]).toEqual({ status: "processed" });
        expect(await parseAttempts(ids.crashed)).toBe(2);

        // Adding the file to the store again gives it a fresh start.
        const readded = await second.inject({
          method: "POST",
          url: `/v1/vector_stores/${storeId}/files`,
          headers,
          payload: { file_id: ids.crashed },
        });
        expect(readded.json()).toMatchObject({ status: "pending" });
        expect(await parseAttempts(ids.crashed)).toBe(0);
      },
      SLOW_TEST_MS,
    );
  });
}

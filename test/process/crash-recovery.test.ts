import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip, type TestDialect } from "../helpers/dialects.js";
import { type FakeOpenAI, lastUserText, startFakeOpenAI } from "../helpers/fake-openai-server.js";
import { TEST_DATABASE_URL } from "../helpers/postgres.js";
import { freePort, PROCESS_STEP_MS, waitFor } from "../helpers/server-process.js";
import { parseSse } from "../helpers/sse-client.js";

/**
 * `kill -9` while turns are streaming, then a restart on the same data: every user message that
 * was stored is answered exactly once, the reply reaches the thread event stream, and the
 * client's idempotent retry completes instead of answering 409 for a day.
 */

const KEY = "prl_crash_recovery_test_key_0123456789";
const TURNS = 24;
const LEASE_MS = 1500;

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

interface Message {
  id: string;
  role: string;
  content: string;
  author?: string;
}

async function databaseFor(dialect: TestDialect): Promise<{ url?: string; drop(): Promise<void> }> {
  if (dialect === "sqlite") return { drop: async () => {} };
  const name = `parley_crash_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Reads a thread event stream into a string until aborted. */
function followEvents(base: string, headers: Record<string, string>, lastEventId?: string) {
  const controller = new AbortController();
  let text = "";
  const done = (async () => {
    try {
      const response = await fetch(`${base}/v1/threads/events`, {
        headers: { ...headers, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
        signal: controller.signal,
      });
      const reader = response.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
    } catch {
      // aborted, or the server died
    }
  })();
  return {
    text: () => text,
    lastId: () => [...text.matchAll(/^id: ?(\d+)$/gm)].at(-1)?.[1],
    async stop() {
      controller.abort();
      await done;
    },
  };
}

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`a crash during streamed turns (${dialect})`, () => {
    let fake: FakeOpenAI;
    let database: Awaited<ReturnType<typeof databaseFor>>;
    let server: Server | undefined;

    // Creating and dropping a PostgreSQL database, and a process's exit, wait on a loaded machine.
    beforeAll(async () => {
      fake = await startFakeOpenAI();
      database = await databaseFor(dialect);
    }, PROCESS_STEP_MS);
    afterAll(async () => {
      server?.child.kill("SIGKILL");
      await server?.exited;
      await fake.close();
      await database.drop();
    }, PROCESS_STEP_MS);

    it("answers every stored message exactly once after kill -9 and a restart", async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: Record<string, string> = {
        DATA_DIR: mkdtempSync(join(tmpdir(), "parley-crash-")),
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        PARLEY_BOOTSTRAP_API_KEY: KEY,
        PARLEY_LEASE_MS: String(LEASE_MS),
        PARLEY_RATE_LIMIT_PER_KEY: "100000",
        PARLEY_RATE_LIMIT_PER_PROJECT: "100000",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: fake.baseUrl,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      };
      const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
      const api = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${base}/v1${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      let exited = false;
      const ready = () => {
        void server?.exited.then(() => {
          exited = true;
        });
        return waitFor(
          async () => {
            if (exited)
              throw new Error(`the server exited before it was ready: ${server?.output().slice(-2000)}`);
            const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(
              () => null,
            );
            return response?.ok === true;
          },
          PROCESS_STEP_MS,
          "readiness",
        );
      };

      server = startServer(env);
      await ready();
      const bot = await api("POST", "/bots", { name: "Crash" });
      const integration = await api("POST", "/integrations", {
        name: "Web",
        vendor: "parley",
        auth_data: {},
      });
      const chat = await api("POST", `/integrations/${integration.body.id}/chats`, {
        bot_id: bot.body.id,
        name: "crash",
      });
      const chatId = chat.body.id as string;
      await api("POST", `/integrations/${integration.body.id}/chats/${chatId}/status`, { status: "active" });

      const beforeCrash = followEvents(base, headers);
      await waitFor(() => beforeCrash.lastId() !== undefined, PROCESS_STEP_MS, "the event stream");
      // Slow replies: every turn is still streaming when the process dies.
      fake.respondWith((request) => ({
        chunks: Array.from({ length: 40 }, (_, i) => (i === 0 ? `Reply to ${lastUserText(request)}` : ".")),
        chunkDelayMs: 50,
      }));
      let firstDeltas = 0;
      const turn = (index: number) =>
        fetch(`${base}/v1/chats/${chatId}/threads/crash-${index}/stream`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": `turn-${index}` },
          body: JSON.stringify({ messages: [{ role: "user", content: `question ${index}` }] }),
        })
          .then(async (response) => {
            const reader = response.body?.getReader();
            let counted = false;
            for (;;) {
              const chunk = await reader?.read();
              if (!chunk || chunk.done) break;
              if (!counted && new TextDecoder().decode(chunk.value).includes("text-delta")) {
                counted = true;
                firstDeltas += 1;
              }
            }
          })
          .catch(() => {});
      const inFlight = Array.from({ length: TURNS }, (_, i) => turn(i));
      await waitFor(() => firstDeltas >= TURNS / 2, PROCESS_STEP_MS, "turns streaming");

      server.child.kill("SIGKILL");
      await server.exited;
      await Promise.all(inFlight);

      // What the dead process had stored: threads with a user message and no reply.
      exited = false;
      server = startServer(env);
      await ready();
      await beforeCrash.stop();
      // The operator's event stream resumes where it was cut, as EventSource would.
      const afterRestart = followEvents(base, headers, beforeCrash.lastId());
      fake.respondWith((request) => ({ text: `Reply to ${lastUserText(request)}` }));

      const threadMessages = async (threadId: string) =>
        (await api("GET", `/threads/${threadId}/messages`)).body as unknown as Message[];
      const listed = (await api("GET", "/threads?limit=100")).body.data as Array<{ id: string }>;
      const stored = listed.map((thread) => thread.id);
      // No thread was left without its first message (the thread and its messages are one transaction).
      for (const threadId of stored) expect((await threadMessages(threadId)).length).toBeGreaterThan(0);
      expect(stored.length).toBeGreaterThan(0);

      // Every stored message gets its answer, from the recovered turns, once their leases expire.
      await waitFor(
        async () => {
          for (const threadId of stored) {
            const messages = await threadMessages(threadId);
            if (!messages.some((m) => m.role === "assistant")) return false;
          }
          return true;
        },
        PROCESS_STEP_MS,
        "the recovered turns",
      );
      const recovered: string[] = [];
      for (const threadId of stored) {
        const messages = await threadMessages(threadId);
        const replies = messages.filter((m) => m.role === "assistant");
        expect(messages.filter((m) => m.role === "user")).toHaveLength(1);
        expect(replies).toHaveLength(1);
        expect(replies[0]?.content).toMatch(/^Reply to question \d+/);
        recovered.push(replies[0]!.id);
        const detail = await api("GET", `/threads/${threadId}`);
        expect(detail.body.pending_count).toBe(0);
      }

      // The client retries every request with its Idempotency-Key: each completes, nothing is doubled.
      for (let index = 0; index < TURNS; index++) {
        const response = await fetch(`${base}/v1/chats/${chatId}/threads/crash-${index}/stream`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": `turn-${index}` },
          body: JSON.stringify({ messages: [{ role: "user", content: `question ${index}` }] }),
        });
        expect(response.status).toBe(200);
        const text = await response.text();
        if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
          const frames = parseSse(text).map(
            (frame) => JSON.parse(frame.data) as { type: string; textDelta?: string },
          );
          expect(frames.at(-1)?.type).toBe("finish");
          expect(frames.map((frame) => frame.textDelta ?? "").join("")).toMatch(
            new RegExp(`^Reply to question ${index}`),
          );
        } else {
          // The first request had finished before the crash: its summary is replayed.
          expect(JSON.parse(text).outcome).toBe("replied");
        }
        const messages = await threadMessages(`crash-${index}`);
        expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
      }

      // Every reply, recovered or not, reached the thread event stream once.
      await waitFor(
        () => recovered.every((id) => (beforeCrash.text() + afterRestart.text()).includes(id)),
        PROCESS_STEP_MS,
        "message_created events",
      );
      await afterRestart.stop();
      const announced = parseSse(beforeCrash.text() + afterRestart.text())
        .map((frame) => JSON.parse(frame.data) as { type: string; message?: Message })
        .filter((event) => event.type === "message_created")
        .map((event) => event.message!)
        .filter((message) => message.role === "assistant")
        .map((message) => message.id);
      expect(announced.filter((id) => recovered.includes(id)).sort()).toEqual([...recovered].sort());
    }, 600_000); // the waits' bounds (PROCESS_STEP_MS each) and the retries
  });
}

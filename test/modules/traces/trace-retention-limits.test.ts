import { randomBytes } from "node:crypto";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { watchTurn } from "../../../src/modules/engine/turn-watchers.js";
import { composeTraces } from "../../../src/modules/traces/index.js";
import { MAX_VALUE_CHARS } from "../../../src/modules/traces/trace-limits.js";
import { TraceRecorder } from "../../../src/modules/traces/trace-recorder.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";

const DAY_MS = 86_400_000;
const quiet = pino({ level: "silent" });

describe.each(DIALECTS)("trace retention and limits (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appWithOneTrace() {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "ret-1", "hi");
    return t;
  }

  it.skipIf(shouldSkip(dialect))(
    "housekeeping deletes traces older than the retention, and only those",
    async () => {
      const app = await appWithOneTrace();
      const repos = createRepos(app.storage.db);
      const traces = (now: number) =>
        composeTraces(
          {
            config: testConfig({ PARLEY_TRACE_RETENTION_DAYS: "2" }),
            storage: app.storage,
            repos,
            secrets: createSecretBox(randomBytes(32)),
            clock: { now: () => new Date(now) },
            newId,
            log: quiet,
          },
          { catalog: { get: () => undefined } as never, resolveThread: async () => ({}) as never },
        );
      const count = async () =>
        (await app.storage.db.selectFrom("turn_traces").select("id").execute()).length;
      expect(await count()).toBe(1);
      await traces(Date.now() + 1 * DAY_MS).housekeeping!();
      expect(await count()).toBe(1);
      await traces(Date.now() + 3 * DAY_MS).housekeeping!();
      expect(await count()).toBe(0);
      // The reply's message outlives its trace: "why this answer" is then a 404, not a 500.
      const reply = (await app.call("GET", "/v1/threads/ret-1/messages")).json().at(-1);
      expect((await app.call("GET", `/v1/threads/ret-1/messages/${reply.id}/trace`)).statusCode).toBe(404);
    },
  );

  it.skipIf(shouldSkip(dialect))(
    "large values are cut and counted calls capped; a failing watcher does not stop the others",
    async () => {
      const app = await appWithOneTrace();
      const repos = createRepos(app.storage.db);
      const recorder = new TraceRecorder({
        repos,
        clock: { now: () => new Date() },
        newId,
        priceOf: () => undefined,
        log: quiet,
      });
      const broken = {
        start: () => {
          throw new Error("watcher broke");
        },
      };
      const watch = watchTurn([broken, recorder], { projectId: app.projectId, threadId: "ret-1" }, quiet);
      const huge = "x".repeat(MAX_VALUE_CHARS * 2);
      for (let i = 0; i < 60; i++) {
        watch
          .toolCall({ callId: `c${i}`, name: "lookup", args: { huge } })
          .end({ status: "ok", result: huge });
      }
      await watch.end({ outcome: "failed", code: "model_error", reason: "down" });
      const rows = await app.storage.db
        .selectFrom("turn_traces")
        .select(["document", "outcome"])
        .where("outcome", "=", "failed")
        .execute();
      expect(rows).toHaveLength(1);
      const document = JSON.parse(rows[0]!.document);
      expect(document.truncated).toBe(true);
      expect(document.tool_calls).toHaveLength(50);
      expect(document.tool_calls[0].args).toEqual({ truncated: true, json_prefix: expect.any(String) });
      expect(document.tool_calls[0].args.json_prefix).toHaveLength(MAX_VALUE_CHARS);
      expect(document.tool_calls[0].result).toHaveLength(MAX_VALUE_CHARS + 1);
      expect(rows[0]!.document.length).toBeLessThan(60 * 2 * (MAX_VALUE_CHARS + 100));
    },
  );
});

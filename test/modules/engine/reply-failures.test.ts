import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { APICallError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreadEvent } from "../../../src/events/thread-event.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp, type TestAppOptions } from "../../helpers/test-app.js";
import { WAIT_BOUND_MS } from "../../helpers/wait-bound.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";

/**
 * Failed replies (docs/conversations.md, "Failed replies"): a turn that gives up says so once,
 * as a `reply_failed` thread event and a `thread.reply.failed` webhook, and the thread shows
 * which messages wait and why until a reply answers them; operators retry or take over.
 */

const providerDown = () =>
  new APICallError({
    message: "upstream unavailable",
    url: "http://model",
    requestBodyValues: {},
    statusCode: 503,
    isRetryable: true,
  });

/** A model whose calls wait while the gate is closed, then answer as `inner` does. */
function gated(inner: MockLanguageModelV3) {
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const model = new MockLanguageModelV3({
    doStream: async (options: LanguageModelV3CallOptions) => {
      await gate;
      return inner.doStream(options);
    },
  });
  return {
    model,
    close() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

type Failure = { code: string; reason: string; attempts: number; message_ids: string[]; failed_at: string };

describe.each(DIALECTS)("failed replies on %s", (dialect) => {
  const it_ = it.skipIf(shouldSkip(dialect));
  let t: TestApp | undefined;
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
    t = undefined;
    receiver = undefined;
  });

  async function setup(
    script: (options: LanguageModelV3CallOptions, call: number) => ScriptedReply,
    options: { env?: Record<string, string>; clock?: TestAppOptions["clock"]; gate?: boolean } = {},
  ) {
    receiver = await WebhookReceiver.start();
    const mock = scriptedModel(script);
    const gate = gated(mock.model);
    t = await createTestApp({
      dialect,
      env: {
        PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
        PARLEY_MODEL_MAX_ATTEMPTS: "2",
        ...options.env,
      },
      ...(options.clock ? { clock: options.clock } : {}),
      modelOverride: (id) => (id === "openai/gpt-5" ? gate.model : undefined),
    });
    await t.call("POST", "/v1/webhook-endpoints", { body: { url: receiver.url } });
    const fixture = await activeChat(t);
    return { t, receiver, mock, gate, ...fixture };
  }

  const threadOf = async (app: TestApp, threadId: string) =>
    (await app.call("GET", `/v1/threads/${threadId}`)).json() as {
      mode: string;
      pending_count: number;
      reply_failure: Failure | null;
    };
  const messagesOf = async (app: TestApp, threadId: string) =>
    (await app.call("GET", `/v1/threads/${threadId}/messages`)).json() as Array<{
      id: string;
      role: string;
      author: string;
      content: string;
    }>;
  /** The thread's events as the event streams replay them. */
  const eventsOf = async (app: TestApp, threadId: string) =>
    (
      await createRepos(app.storage.db).threadEvents.replay<ThreadEvent>({
        projectId: app.projectId,
        threadId,
        afterSeq: 0,
        limit: 1000,
      })
    ).map((logged) => logged.event);
  const failedWebhooks = (threadId?: string) =>
    (receiver?.accepted ?? [])
      .filter((r) => r.body.type === "thread.reply.failed")
      .filter((r) => threadId === undefined || r.body.data.thread_id === threadId);

  it_(
    "a provider down after its retries: one reply_failed event and webhook, the failure on the thread until a reply answers it",
    async () => {
      const { t, chat, bot, mock } = await setup((_o, call) =>
        call < 2 ? { error: providerDown() } : { text: "Back again." },
      );
      const failed = await streamTurn(t, chat.id, "rf-1", "Where is my order?");
      expect(failed.events.at(-1)).toMatchObject({ type: "error", code: "model_error" });
      expect(mock.calls).toHaveLength(2);
      const [question] = await messagesOf(t, "rf-1");

      const thread = await threadOf(t, "rf-1");
      expect(thread.reply_failure).toEqual({
        code: "model_error",
        reason: expect.stringContaining("after 2 attempts"),
        attempts: 2,
        message_ids: [question!.id],
        failed_at: expect.any(String),
      });
      expect(thread.pending_count).toBe(1);
      expect(thread.mode).toBe("auto");

      // Once per give-up, never per retry attempt.
      const failedEvents = (await eventsOf(t, "rf-1")).filter((e) => e.type === "reply_failed");
      expect(failedEvents).toEqual([
        expect.objectContaining({
          type: "reply_failed",
          thread_id: "rf-1",
          chat_id: chat.id,
          bot_id: bot.id,
          message_ids: [question!.id],
          code: "model_error",
          attempts: 2,
        }),
      ]);
      await receiver!.waitFor(() => failedWebhooks("rf-1").length > 0);
      expect(failedWebhooks("rf-1").map((r) => r.body.data)).toEqual([
        {
          thread_id: "rf-1",
          chat_id: chat.id,
          bot_id: bot.id,
          message_ids: [question!.id],
          code: "model_error",
          reason: thread.reply_failure!.reason,
          attempts: 2,
        },
      ]);

      // The next message is answered together with the waiting one: the failure is gone.
      const next = await streamTurn(t, chat.id, "rf-1", "Hello?");
      expect(next.text).toBe("Back again.");
      const after = await threadOf(t, "rf-1");
      expect(after.reply_failure).toBeNull();
      expect(after.pending_count).toBe(0);
      expect((await eventsOf(t, "rf-1")).filter((e) => e.type === "reply_failed")).toHaveLength(1);
    },
  );

  it_("a model timeout and a model that is not configured fail the same visible way", async () => {
    const { t, chat, bot } = await setup(() => ({ text: "late", delayMs: 400 }), {
      env: { PARLEY_MODEL_TIMEOUT_MS: "100", PARLEY_MODEL_MAX_ATTEMPTS: "1" },
    });
    const slow = await streamTurn(t, chat.id, "rf-timeout", "Anyone?");
    expect(slow.events.at(-1)).toMatchObject({ type: "error", code: "model_timeout" });
    expect((await threadOf(t, "rf-timeout")).reply_failure).toMatchObject({
      code: "model_timeout",
      attempts: 1,
    });

    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { model: { id: "anthropic/claude-sonnet-4-5" } } },
    });
    const missing = await streamTurn(t, chat.id, "rf-missing", "Hi");
    expect(missing.events.at(-1)).toMatchObject({ type: "error", code: "model_unavailable" });
    expect((await threadOf(t, "rf-missing")).reply_failure).toMatchObject({
      code: "model_unavailable",
      attempts: 0,
    });
    await receiver!.waitFor(() => failedWebhooks().length === 2);
    expect(failedWebhooks().map((r) => [r.body.data.thread_id, r.body.data.code])).toEqual([
      ["rf-timeout", "model_timeout"],
      ["rf-missing", "model_unavailable"],
    ]);
  });

  it_(
    "a scheduled reply (job path) gives up only on its job's last attempt, once; model_unavailable at once",
    async () => {
      const clock = new ManualClock(new Date().toISOString());
      const { t, chat, mock, bot } = await setup(() => ({ error: providerDown() }), {
        clock,
        env: { PARLEY_MODEL_MAX_ATTEMPTS: "1" },
      });
      const at = new Date(clock.now().getTime() + 60_000).toISOString();
      const scheduled = await streamTurn(t, chat.id, "rf-job", "Call me back", {
        extra: { scheduledAt: at },
      });
      expect(scheduled.response.statusCode).toBe(202);
      const jobId = scheduled.response.json().id as string;
      // Each run of the job makes one model call; the queue retries until its fifth and last run.
      for (let run = 1; run <= 5; run++) {
        clock.advance(2 * 60 * 60 * 1000);
        await vi.waitFor(() => expect(mock.calls).toHaveLength(run), { timeout: WAIT_BOUND_MS });
        if (run < 5) {
          await vi.waitFor(
            async () => {
              const job = (await t.call("GET", `/v1/jobs/${jobId}`)).json();
              expect(job).toMatchObject({ status: "pending", attempts: run });
            },
            { timeout: WAIT_BOUND_MS },
          );
          expect((await eventsOf(t, "rf-job")).filter((e) => e.type === "reply_failed")).toEqual([]);
          expect((await threadOf(t, "rf-job")).reply_failure).toBeNull();
        }
      }
      await vi.waitFor(
        async () =>
          expect((await threadOf(t, "rf-job")).reply_failure).toMatchObject({ code: "model_error" }),
        { timeout: WAIT_BOUND_MS },
      );
      await vi.waitFor(
        async () => expect((await t.call("GET", `/v1/jobs/${jobId}`)).json().status).toBe("done"),
        { timeout: WAIT_BOUND_MS },
      );
      expect((await eventsOf(t, "rf-job")).filter((e) => e.type === "reply_failed")).toHaveLength(1);
      await receiver!.waitFor(() => failedWebhooks("rf-job").length === 1);

      // A model this server cannot call is not retried by the queue: given up on the first run.
      await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { model: { id: "anthropic/claude-sonnet-4-5" } } },
      });
      const later = new Date(clock.now().getTime() + 60_000).toISOString();
      const second = await streamTurn(t, chat.id, "rf-job-2", "Hi", { extra: { scheduledAt: later } });
      clock.advance(2 * 60 * 1000);
      await vi.waitFor(
        async () =>
          expect((await threadOf(t, "rf-job-2")).reply_failure).toMatchObject({ code: "model_unavailable" }),
        { timeout: WAIT_BOUND_MS },
      );
      // The give-up is stored inside the job's run; the job is marked done once the run returns.
      await vi.waitFor(
        async () =>
          expect((await t.call("GET", `/v1/jobs/${second.response.json().id}`)).json()).toMatchObject({
            status: "done",
            attempts: 1,
          }),
        { timeout: WAIT_BOUND_MS },
      );
      await receiver!.waitFor(() => failedWebhooks("rf-job-2").length === 1);
    },
  );

  it_(
    "an operator retries (idempotent while it runs, 409 when nothing waits or not auto) or replies",
    async () => {
      let failing = true;
      const { t, chat, gate } = await setup(() =>
        failing ? { error: new Error("invalid request") } : { text: "Sorry for the wait." },
      );
      expect((await t.call("POST", "/v1/threads/rf-none/reply/retry")).statusCode).toBe(404);

      const failed = await streamTurn(t, chat.id, "rf-retry", "Hello");
      expect(failed.events.at(-1)).toMatchObject({ type: "error", code: "model_error" });
      expect((await threadOf(t, "rf-retry")).reply_failure).toMatchObject({
        code: "model_error",
        attempts: 1,
      });

      failing = false;
      gate.close();
      const first = await t.call("POST", "/v1/threads/rf-retry/reply/retry");
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ thread_id: "rf-retry", job_id: expect.stringMatching(/^job_/) });
      const again = await t.call("POST", "/v1/threads/rf-retry/reply/retry");
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual(first.json());
      gate.open();
      await vi.waitFor(async () => expect((await threadOf(t, "rf-retry")).reply_failure).toBeNull(), {
        timeout: WAIT_BOUND_MS,
      });
      expect((await messagesOf(t, "rf-retry")).map((m) => [m.author, m.content])).toEqual([
        ["user", "Hello"],
        ["bot", "Sorry for the wait."],
      ]);
      const nothing = await t.call("POST", "/v1/threads/rf-retry/reply/retry");
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().code).toBe("nothing_to_retry");
      expect(failedWebhooks("rf-retry")).toHaveLength(1);

      // Taken over, the AI does not retry; the failure stays until an operator answers.
      failing = true;
      await streamTurn(t, chat.id, "rf-manual", "Is anyone there?");
      expect((await threadOf(t, "rf-manual")).reply_failure).not.toBeNull();
      await t.call("POST", "/v1/threads/rf-manual/mode", { body: { mode: "manual" } });
      const manual = await t.call("POST", "/v1/threads/rf-manual/reply/retry");
      expect(manual.statusCode).toBe(409);
      expect(manual.json().code).toBe("thread_not_auto");
      const sent = await t.call("POST", "/v1/threads/rf-manual/send", { body: { text: "I am here." } });
      expect(sent.statusCode).toBe(200);
      expect((await threadOf(t, "rf-manual")).reply_failure).toBeNull();
    },
  );

  it_("ai.failure.handoff hands the thread to operators: manual, mode_changed, pending", async () => {
    const { t, chat, bot } = await setup(() => ({ error: new Error("invalid request") }));
    const settings = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { failure: { handoff: true } } },
    });
    expect(settings.json().ai.failure).toEqual({ handoff: true });
    expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json().ai.failure).toEqual({ handoff: true });

    await streamTurn(t, chat.id, "rf-handoff", ["one", "two"]);
    const thread = await threadOf(t, "rf-handoff");
    expect(thread).toMatchObject({ mode: "manual", pending_count: 2 });
    expect(thread.reply_failure?.message_ids).toHaveLength(2);
    const types = (await eventsOf(t, "rf-handoff")).map((e) => e.type);
    expect(types.filter((type) => type === "reply_failed" || type === "mode_changed")).toEqual([
      "reply_failed",
      "mode_changed",
    ]);
    await receiver!.waitFor(() =>
      receiver!.accepted.some(
        (r) => r.body.type === "thread.mode.changed" && r.body.data.thread_id === "rf-handoff",
      ),
    );
    const changed = receiver!.accepted.find((r) => r.body.type === "thread.mode.changed");
    expect(changed?.body.data).toMatchObject({ mode: "manual", previous_mode: "auto" });
    expect(failedWebhooks("rf-handoff")).toHaveLength(1);
  });

  it_(
    "out of credits: the message waits, reply_failed with insufficient_credits, on the stream",
    async () => {
      const { t, chat, mock } = await setup(() => ({ text: "never" }), {
        env: { PARLEY_BILLING_WELCOME_BONUS: "0", PARLEY_BILLING_ENFORCE: "true" },
      });
      const refused = await streamTurn(t, chat.id, "rf-credits", "Hello?");
      expect(refused.events).toEqual([
        expect.objectContaining({ type: "error", code: "insufficient_credits" }),
      ]);
      expect(mock.calls).toHaveLength(0);
      const thread = await threadOf(t, "rf-credits");
      expect(thread.pending_count).toBe(1);
      expect(thread.reply_failure).toMatchObject({ code: "insufficient_credits", attempts: 0 });
      expect((await eventsOf(t, "rf-credits")).filter((e) => e.type === "reply_failed")).toHaveLength(1);
      await receiver!.waitFor(() => failedWebhooks("rf-credits").length === 1);
      expect(failedWebhooks("rf-credits")[0]?.body.data).toMatchObject({
        code: "insufficient_credits",
        attempts: 0,
      });
    },
  );
});

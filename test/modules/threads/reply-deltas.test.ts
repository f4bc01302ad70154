import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreadEvent } from "../../../src/events/thread-event.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { listen, sseEvents } from "../../helpers/live-app.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WAIT_BOUND_MS } from "../../helpers/wait-bound.js";

/**
 * The bot's reply as it is written reaches the operators' thread stream as `reply_delta` events
 * (docs/conversations.md, "Thread events"): the model's stream is driven by the test, one piece
 * at a time, and each piece is awaited on the operator's stream before the next is written.
 */

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model whose first answer is immediate and whose later answers the test writes part by part. */
function drivenModel() {
  let call = 0;
  let writer: ReadableStreamDefaultController<LanguageModelV3StreamPart> | undefined;
  const model = new MockLanguageModelV3({
    doStream: async () => {
      const first = call++ === 0;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "text-start", id: "t" });
          if (first) {
            controller.enqueue({ type: "text-delta", id: "t", delta: "Hello!" });
            controller.enqueue({ type: "text-end", id: "t" });
            controller.enqueue({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage });
            controller.close();
          } else writer = controller;
        },
      });
      return { stream };
    },
  });
  return {
    model,
    writing: () => writer !== undefined,
    write: (delta: string) => writer!.enqueue({ type: "text-delta", id: "t", delta }),
    finish: () => {
      writer!.enqueue({ type: "text-end", id: "t" });
      writer!.enqueue({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage });
      writer!.close();
    },
  };
}

/** Every frame of an event stream, kept as it arrives. */
async function follow(url: string, key: string, into: Array<{ id?: string; data: ThreadEvent }>) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` }, signal: abort.signal });
  expect(response.status).toBe(200);
  void (async () => {
    try {
      for await (const frame of sseEvents(response)) into.push(frame as { id?: string; data: ThreadEvent });
    } catch {
      // closed by the test
    }
  })();
  return () => abort.abort();
}

describe.each(DIALECTS)("reply deltas on the operators' thread stream (%s)", (dialect) => {
  let t: TestApp | undefined;
  const closers: Array<() => void> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    if (t?.app.server.listening) t.app.server.closeAllConnections();
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("partial text arrives while the model writes; its concatenation is the stored reply", async () => {
    const driven = drivenModel();
    t = await createTestApp({ dialect, modelOverride: () => driven.model });
    const app = t;
    const base = await listen(app);
    const { chat } = await activeChat(app);
    expect((await streamTurn(app, chat.id, "rd-1", "Hi")).text).toBe("Hello!");

    const thread: Array<{ id?: string; data: ThreadEvent }> = [];
    const project: Array<{ id?: string; data: ThreadEvent }> = [];
    closers.push(await follow(`${base}/v1/threads/events/rd-1`, app.adminKey, thread));
    closers.push(await follow(`${base}/v1/threads/events`, app.adminKey, project));

    const turn = streamTurn(app, chat.id, "rd-1", "Tell me more");
    await vi.waitFor(() => expect(driven.writing()).toBe(true), { timeout: WAIT_BOUND_MS });
    const deltas = () => thread.flatMap((frame) => (frame.data.type === "reply_delta" ? [frame.data] : []));
    const pieces = ["We ship ", "within two ", "business days, ", "worldwide."];
    let written = "";
    for (const piece of pieces) {
      driven.write(piece);
      written += piece;
      // The operator sees the reply grow while the model is still writing it.
      await vi.waitFor(
        () =>
          expect(
            deltas()
              .map((d) => d.delta)
              .join(""),
          ).toBe(written),
        {
          timeout: WAIT_BOUND_MS,
        },
      );
    }
    driven.finish();
    const done = await turn;
    expect(done.text).toBe(written);

    await vi.waitFor(
      () =>
        expect(thread.some((f) => f.data.type === "message_created" && f.data.message.author === "bot")).toBe(
          true,
        ),
      { timeout: WAIT_BOUND_MS },
    );
    const bot = thread.find((f) => f.data.type === "message_created" && f.data.message.author === "bot")!;
    const reply = bot.data.type === "message_created" ? bot.data.message : undefined;
    const all = deltas();
    expect(all.map((d) => d.delta).join("")).toBe(reply?.content);
    // One turn, offsets without gaps, all before the stored reply, none with an id (never replayed).
    expect(new Set(all.map((d) => d.turn_id)).size).toBe(1);
    let offset = 0;
    for (const delta of all) {
      expect(delta.offset).toBe(offset);
      offset += delta.delta.length;
      expect(delta.thread_id).toBe("rd-1");
    }
    expect(thread.filter((f) => f.data.type === "reply_delta").every((f) => f.id === undefined)).toBe(true);
    expect(thread.findIndex((f) => f.data.type === "reply_delta")).toBeLessThan(thread.indexOf(bot));

    // The project-wide stream and the event log never carry them.
    await vi.waitFor(
      () =>
        expect(
          project.some((f) => f.data.type === "message_created" && f.data.message.author === "bot"),
        ).toBe(true),
      { timeout: WAIT_BOUND_MS },
    );
    expect(project.map((f) => f.data.type)).not.toContain("reply_delta");
    const log = await createRepos(app.storage.db).threadEvents.replay<ThreadEvent>({
      projectId: app.projectId,
      afterSeq: 0,
      limit: 1000,
    });
    expect(log.map((s) => s.event.type)).not.toContain("reply_delta");
  });
});

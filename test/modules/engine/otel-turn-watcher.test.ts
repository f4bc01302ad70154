import { ROOT_CONTEXT, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Telemetry } from "../../../src/infra/telemetry/telemetry.js";
import { OtelTurnWatcher } from "../../../src/modules/engine/otel-turn-watcher.js";

/**
 * The OpenTelemetry turn watcher told a turn's facts directly (the end-to-end tree is in
 * test/infra/telemetry/otel-export.test.ts), its spans caught by the SDK's in-memory exporter.
 */
describe("OtelTurnWatcher", () => {
  let exporter: InMemorySpanExporter;
  let provider: TracerProvider;
  let telemetry: Telemetry;

  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    telemetry = {
      tracer: provider.getTracer("test"),
      meter: undefined,
      captureContent: false,
      extract: () => ROOT_CONTEXT,
      flush: async () => {},
      shutdown: async () => {},
    };
  });
  afterEach(async () => {
    await provider.shutdown();
  });

  const spanNamed = (name: string): ReadableSpan => {
    const spans = exporter.getFinishedSpans().filter((span) => span.name === name);
    expect(spans, name).toHaveLength(1);
    return spans[0]!;
  };

  function startTurn() {
    const turn = new OtelTurnWatcher(telemetry).start({
      projectId: "prj_1",
      threadId: "thr_1",
      jobId: "job_1",
    });
    turn.bot({
      botId: "bot_1",
      model: "google/gemini-2.5-pro",
      version: 3,
      settingsVersion: "abc123",
      formatting: [],
    });
    return turn;
  }

  it("a failed turn's span fails with its code; a denied tool call's with `denied`", async () => {
    const turn = startTurn();
    turn.window({ messageIds: ["msg_1", "msg_2"], recalled: [] });
    const call = turn.toolCall({
      callId: "call_1",
      name: "update_working_memory",
      args: { markdown: "- Name: Ann" },
      approval: { policy: "user_approve", decision: "denied", decidedBy: "user" },
    });
    call.end({ status: "denied", result: "The user refused." });
    await turn.end({ outcome: "failed", code: "model_timeout" });

    const agent = spanNamed("invoke_agent bot_1");
    expect(agent.kind).toBe(SpanKind.INTERNAL);
    expect(agent.status.code).toBe(SpanStatusCode.ERROR);
    expect(agent.attributes).toMatchObject({
      "gen_ai.provider.name": "gcp.gemini",
      "gen_ai.request.model": "gemini-2.5-pro",
      "parley.job.id": "job_1",
      "parley.turn.outcome": "failed",
      "error.type": "model_timeout",
      "parley.turn.window_messages": 2,
    });
    const tool = spanNamed("execute_tool update_working_memory");
    expect(tool.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(tool.status.code).toBe(SpanStatusCode.ERROR);
    expect(tool.attributes).toMatchObject({
      "error.type": "denied",
      "parley.tool.status": "denied",
      "parley.tool.approval.policy": "user_approve",
      "parley.tool.approval.decision": "denied",
      "parley.tool.approval.decided_by": "user",
    });
    expect(JSON.stringify(tool.attributes)).not.toContain("Ann");
  });

  it("a turn that ends first ends its open model request, once; a knowledge search is an event without its query", async () => {
    const turn = startTurn();
    turn.knowledge("where is my parcel 12345", [
      { vectorStoreId: "vs_1", fileId: "file_1", fileName: "faq.md", chunk: 3, score: 0.8 },
      { vectorStoreId: "vs_1", fileId: "file_1", fileName: "faq.md", chunk: 4, score: 0.6 },
    ]);
    const request = turn.modelRequest({
      attempt: 1,
      step: 0,
      model: "google/gemini-2.5-pro",
      parameters: { topP: 0.9, presencePenalty: 0.5 },
    });
    request.firstOutput();
    await turn.end({ outcome: "replied", replyMessageIds: ["msg_3"] });
    request.end({ inputTokens: 10, outputTokens: 5, finishReason: "stop" });

    const chat = spanNamed("chat gemini-2.5-pro");
    expect(chat.kind).toBe(SpanKind.CLIENT);
    expect(chat.attributes).toMatchObject({
      "parley.abandoned": true,
      "gen_ai.request.top_p": 0.9,
      "gen_ai.request.presence_penalty": 0.5,
    });
    expect(chat.attributes).not.toHaveProperty("gen_ai.usage.input_tokens");
    expect(chat.attributes).not.toHaveProperty("gen_ai.request.temperature");
    expect(chat.attributes["gen_ai.response.time_to_first_chunk"]).toBeGreaterThanOrEqual(0);

    const agent = spanNamed("invoke_agent bot_1");
    expect(agent.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(agent.attributes["parley.turn.reply_messages"]).toBe(1);
    expect(agent.events.map((event) => [event.name, event.attributes])).toEqual([
      ["parley.knowledge.search", { "parley.knowledge.passages": 2, "parley.knowledge.top_score": 0.8 }],
    ]);
    expect(JSON.stringify(exporter.getFinishedSpans().map((span) => span.attributes))).not.toContain(
      "parcel",
    );
  });
});

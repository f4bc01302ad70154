import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeChat, eventually } from "../../helpers/conversation-fixtures.js";
import { type FakeOpenAI, startFakeOpenAI } from "../../helpers/fake-openai-server.js";
import { listen, sseEvents } from "../../helpers/live-app.js";
import { OtlpReceiver, type ReceivedSpan, SPAN_KIND, STATUS_ERROR } from "../../helpers/otlp-receiver.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/** The caller's trace that the request continues (W3C Trace Context). */
const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

/**
 * OpenTelemetry export end to end (docs/quality.md, "OpenTelemetry"): the whole service in
 * process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a real OTLP/HTTP receiver on loopback,
 * the real OpenAI provider against the fake OpenAI server, a turn with a tool call streamed
 * over a real socket.
 */
describe("OpenTelemetry export of a streamed turn", () => {
  let receiver: OtlpReceiver;
  let fake: FakeOpenAI;
  let t: TestApp;
  let base: string;
  let chatId: string;
  let botId: string;
  let closed = false;
  const auth = () => ({ authorization: `Bearer ${t.adminKey}`, "content-type": "application/json" });
  const close = async () => {
    if (closed) return;
    closed = true;
    await t.close();
  };

  async function start(env: Record<string, string>) {
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: "sk-test-otel-key",
        OPENAI_BASE_URL: fake.baseUrl,
        // A model that takes a temperature (gpt-5, a reasoning model, does not).
        PARLEY_MODELS: JSON.stringify([{ id: "openai/gpt-4o-mini" }]),
        ...env,
      },
    });
    closed = false;
    base = await listen(t);
    const fixture = await activeChat(t);
    chatId = fixture.chat.id;
    botId = fixture.bot.id;
  }

  async function turnWithTool(threadId: string, headers: Record<string, string> = {}) {
    const settings = await fetch(`${base}/v1/bots/${botId}/settings`, {
      method: "POST",
      headers: auth(),
      body: JSON.stringify({
        ai: {
          tools: { get_current_time: "auto" },
          model: { id: "openai/gpt-4o-mini", temperature: 0.3, max_tokens: 500 },
        },
      }),
    });
    expect(settings.status).toBe(200);
    fake.enqueue(
      {
        toolCalls: [
          { id: "call_time_1", name: "get_current_time", arguments: { time_zone: "Europe/Moscow" } },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 15 },
      },
      { text: "It is late in Moscow.", usage: { prompt_tokens: 160, completion_tokens: 7 } },
    );
    const response = await fetch(`${base}/v1/chats/${chatId}/threads/${threadId}/stream`, {
      method: "POST",
      headers: { ...auth(), ...headers },
      body: JSON.stringify({ messages: [{ role: "user", content: "What time is it in Moscow, secretly?" }] }),
    });
    expect(response.status).toBe(200);
    const types: string[] = [];
    for await (const event of sseEvents(response)) types.push((event.data as { type: string }).type);
    expect(types.at(-1)).toBe("finish");
  }

  beforeEach(async () => {
    receiver = await OtlpReceiver.start();
    fake = await startFakeOpenAI();
  });
  afterEach(async () => {
    await close();
    await fake.close();
    await receiver.close();
  });

  it("exports the span tree HTTP POST → invoke_agent → chat, execute_tool, chat in the caller's trace, with the GenAI attributes", async () => {
    await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "20",
    });
    await turnWithTool("otel-tool", { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });

    const route = "POST /v1/chats/:chat_id/threads/:thread_id/stream";
    await eventually(
      async () => receiver.names(),
      (names) => names.includes(route) && names.some((name) => name.startsWith("invoke_agent")),
    );
    const http = receiver.spanNamed(route);
    expect(http).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: CALLER_SPAN, kind: SPAN_KIND.SERVER });
    expect(http.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/v1/chats/:chat_id/threads/:thread_id/stream",
      "http.response.status_code": 200,
      "url.path": `/v1/chats/${chatId}/threads/otel-tool/stream`,
    });
    expect(http.resource).toMatchObject({ "service.name": "parley", "service.version": "0.1.0" });

    // The turn runs inside the request: its span is the request span's child.
    const turn = receiver.spanNamed(`invoke_agent ${botId}`);
    expect(turn).toMatchObject({
      traceId: CALLER_TRACE,
      parentSpanId: http.spanId,
      kind: SPAN_KIND.INTERNAL,
    });
    expect(turn.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.id": botId,
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-4o-mini",
      "gen_ai.conversation.id": "otel-tool",
      "parley.thread.id": "otel-tool",
      "parley.project.id": t.projectId,
      "parley.turn.outcome": "replied",
      "parley.turn.reply_messages": 3,
    });

    const children = receiver.childrenOf(turn);
    expect(children.map((span) => span.name).sort()).toEqual([
      "chat gpt-4o-mini",
      "chat gpt-4o-mini",
      "execute_tool get_current_time",
    ]);
    const chats = children.filter((span) => span.name === "chat gpt-4o-mini");
    chats.sort(
      (a, b) => Number(a.attributes["parley.model.step"]) - Number(b.attributes["parley.model.step"]),
    );
    for (const chat of chats) {
      expect(chat.kind).toBe(SPAN_KIND.CLIENT);
      expect(chat.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.request.temperature": 0.3,
        "gen_ai.request.max_tokens": 500,
        "gen_ai.conversation.id": "otel-tool",
        "parley.model.attempt": 1,
      });
      expect(chat.attributes["gen_ai.response.time_to_first_chunk"]).toBeGreaterThanOrEqual(0);
    }
    expect(chats[0]!.attributes).toMatchObject({
      "parley.model.step": 0,
      "gen_ai.usage.input_tokens": 120,
      "gen_ai.usage.output_tokens": 15,
      "gen_ai.response.finish_reasons": ["tool-calls"],
    });
    expect(chats[1]!.attributes).toMatchObject({
      "parley.model.step": 1,
      "gen_ai.usage.input_tokens": 160,
      "gen_ai.usage.output_tokens": 7,
      "gen_ai.response.finish_reasons": ["stop"],
    });

    const tool = receiver.spanNamed("execute_tool get_current_time");
    expect(tool.kind).toBe(SPAN_KIND.INTERNAL);
    expect(tool.statusCode).not.toBe(STATUS_ERROR);
    expect(tool.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "get_current_time",
      "gen_ai.tool.call.id": "call_time_1",
      "gen_ai.tool.type": "function",
      "parley.tool.status": "ok",
    });
    // Content is not captured by default: neither the arguments nor the result.
    expect(tool.attributes).not.toHaveProperty("gen_ai.tool.call.arguments");
    expect(tool.attributes).not.toHaveProperty("gen_ai.tool.call.result");

    // Everything of the turn is one trace, the caller's.
    const ofTurn: ReceivedSpan[] = [http, turn, ...children];
    expect(new Set(ofTurn.map((span) => span.traceId))).toEqual(new Set([CALLER_TRACE]));

    await close();
    // Never exported: what the user wrote, what the model answered, the tool's arguments, keys.
    const exported = receiver.allText();
    for (const secret of ["secretly", "late in Moscow", "Europe/Moscow", "sk-test-otel-key", t.adminKey]) {
      expect(exported).not.toContain(secret);
    }
  });

  it("exports gen_ai.client.token.usage, gen_ai.client.operation.duration and http.server.request.duration, flushed on close", async () => {
    await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    });
    await turnWithTool("otel-metrics");
    // The default interval is a minute: only the close's flush can have sent these.
    await close();

    const tokens = receiver.pointsOf("gen_ai.client.token.usage");
    const byType = (type: string) =>
      tokens
        .filter((point) => point.attributes["gen_ai.token.type"] === type)
        .reduce((sum, p) => sum + p.sum, 0);
    expect(byType("input")).toBe(120 + 160);
    expect(byType("output")).toBe(15 + 7);
    for (const point of tokens) {
      expect(point.unit).toBe("{token}");
      expect(point.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
      });
    }
    const durations = receiver.pointsOf("gen_ai.client.operation.duration");
    expect(durations.reduce((sum, point) => sum + point.count, 0)).toBe(2);
    expect(durations[0]!.unit).toBe("s");

    const requests = receiver
      .pointsOf("http.server.request.duration")
      .filter((point) => point.attributes["http.route"] === "/v1/chats/:chat_id/threads/:thread_id/stream");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      unit: "s",
      count: 1,
      attributes: { "http.request.method": "POST", "http.response.status_code": 200 },
    });
  });

  it("sends protobuf to <endpoint>/v1/traces by default, with the OTEL_EXPORTER_OTLP_HEADERS the exporter reads itself", async () => {
    process.env.OTEL_EXPORTER_OTLP_HEADERS = "x-collector-token=otel-test-token";
    try {
      await start({ OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.endpoint}/` });
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_HEADERS;
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await close();
    const traces = receiver.requests.filter((request) => request.path === "/v1/traces");
    expect(traces.length).toBeGreaterThan(0);
    expect(traces[0]!.contentType).toBe("application/x-protobuf");
    expect(traces[0]!.headers["x-collector-token"]).toBe("otel-test-token");
    // Protobuf keeps strings as they are: the span's name is in the bytes.
    expect(Buffer.concat(traces.map((request) => request.body)).includes("GET /healthz")).toBe(true);
    expect(receiver.requests.some((request) => request.path === "/v1/metrics")).toBe(true);
  });

  it("captures tool arguments and results only with PARLEY_OTEL_CAPTURE_CONTENT=true", async () => {
    await start({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.endpoint}/v1/traces`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "20",
      PARLEY_OTEL_CAPTURE_CONTENT: "true",
    });
    await turnWithTool("otel-capture");
    await close();
    const tool = receiver.spanNamed("execute_tool get_current_time");
    expect(JSON.parse(String(tool.attributes["gen_ai.tool.call.arguments"]))).toEqual({
      time_zone: "Europe/Moscow",
    });
    expect(String(tool.attributes["gen_ai.tool.call.result"])).toContain("Europe/Moscow");
    // Only traces were asked for: no metrics went anywhere.
    expect(receiver.requests.every((request) => request.path === "/v1/traces")).toBe(true);
  });

  it("keeps the request's span active for its turn when the body arrives after the headers", async () => {
    await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "20",
    });
    fake.enqueue({ text: "Hello." });
    const body = JSON.stringify({ messages: [{ role: "user", content: "Hi there" }] });
    const { port } = new URL(base);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: `/v1/chats/${chatId}/threads/otel-late-body/stream`,
          headers: { ...auth(), "content-length": String(Buffer.byteLength(body)) },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.flushHeaders();
      // The rest of the body comes later, in a packet of its own: Fastify reads it in the
      // socket's async context, not in the one the request's hooks ran in.
      request.write(body.slice(0, 10));
      void sleep(50).then(() => request.end(body.slice(10)));
    });
    expect(status).toBe(200);
    const route = "POST /v1/chats/:chat_id/threads/:thread_id/stream";
    await eventually(
      async () => receiver.names(),
      (names) => names.includes(route) && names.some((name) => name.startsWith("invoke_agent")),
    );
    const http = receiver.spanNamed(route);
    const turn = receiver.spanNamed(`invoke_agent ${botId}`);
    expect(turn).toMatchObject({ traceId: http.traceId, parentSpanId: http.spanId });
  });

  it("marks a failed model request's chat span with error.type, and the retry is a chat span of its own", async () => {
    await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      PARLEY_MODEL_MAX_ATTEMPTS: "2",
    });
    fake.enqueue({ status: 500 }, { text: "Back again", usage: { prompt_tokens: 30, completion_tokens: 2 } });
    const response = await fetch(`${base}/v1/chats/${chatId}/threads/otel-retry/stream`, {
      method: "POST",
      headers: auth(),
      body: JSON.stringify({ messages: [{ role: "user", content: "hello" }] }),
    });
    for await (const _event of sseEvents(response)) {
      // read to the end
    }
    await close();
    const turn = receiver.spans.find((span) => span.name.startsWith("invoke_agent"))!;
    expect(turn.attributes["parley.turn.outcome"]).toBe("replied");
    expect(turn.statusCode).not.toBe(STATUS_ERROR);
    const chats = receiver.childrenOf(turn);
    chats.sort(
      (a, b) => Number(a.attributes["parley.model.attempt"]) - Number(b.attributes["parley.model.attempt"]),
    );
    expect(chats.map((span) => span.name)).toEqual(["chat gpt-5", "chat gpt-5"]);
    expect(chats[0]!.statusCode).toBe(STATUS_ERROR);
    expect(chats[0]!.attributes).toMatchObject({ "parley.model.attempt": 1, "error.type": "model_error" });
    expect(chats[0]!.attributes).not.toHaveProperty("gen_ai.response.finish_reasons");
    expect(chats[1]!.statusCode).not.toBe(STATUS_ERROR);
    expect(chats[1]!.attributes).toMatchObject({
      "parley.model.attempt": 2,
      "gen_ai.usage.output_tokens": 2,
    });
    const durations = receiver.pointsOf("gen_ai.client.operation.duration");
    expect(durations.find((point) => point.attributes["error.type"] === "model_error")?.count).toBe(1);
    // Tokens are counted for the request that answered only.
    const output = receiver
      .pointsOf("gen_ai.client.token.usage")
      .filter((point) => point.attributes["gen_ai.token.type"] === "output");
    expect(output.reduce((sum, point) => sum + point.count, 0)).toBe(1);
  });
});

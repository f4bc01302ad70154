import { APICallError } from "ai";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { OtlpReceiver, type ReceivedSpan, STATUS_ERROR } from "../helpers/otlp-receiver.js";
import { freePort } from "../helpers/server-process.js";
import { ADMIN_KEY, createTestApp, type TestApp } from "../helpers/test-app.js";
import { WebhookReceiver } from "../helpers/webhook-receiver.js";

const HANDBOOK = [
  "# Shop handbook",
  "",
  "Refunds reach the card in 5 days after we receive the parcel.",
  "",
  "Delivery takes two days in the city and a week elsewhere.",
].join("\n");

/** A provider's 503: the turn retries it, then gives up. */
const providerDown = () =>
  new APICallError({
    message: "upstream unavailable",
    url: "http://model.test/v1/chat/completions",
    requestBodyValues: {},
    statusCode: 503,
    isRetryable: true,
  });

/**
 * The quality loop end to end (docs/quality.md): a bot grounded in a knowledge store with the
 * handoff tool; three conversations — answered from the handbook, handed to a person who
 * replies, and one the model fails on — and feedback on two answers. What must come out: the
 * traces, the OpenTelemetry spans on a real OTLP receiver, the `message.feedback` webhooks and
 * the analytics numbers.
 */
describe.each(DIALECTS)(
  "quality scenario: traces, spans, feedback and analytics of a scripted day (%s)",
  (dialect) => {
    let t: TestApp;
    let receiver: OtlpReceiver;
    let webhooks: WebhookReceiver;
    let storeId: string;
    let chatId: string;
    let botId: string;
    const model = scriptedModel((options): ScriptedReply => {
      const text = lastUserText(options);
      const toolDone = options.prompt.some((m) => m.role === "tool");
      if (text.includes("broken")) return { error: providerDown() };
      if (text.includes("refund"))
        return toolDone
          ? { text: "Refunds reach the card in 5 days." }
          : { toolCall: { name: "knowledge_search", input: { query: "refund card days", limit: 2 } } };
      if (text.includes("human"))
        return toolDone
          ? { text: "I am passing you to a colleague." }
          : { toolCall: { name: "handoff_to_operator", input: { reason: "asks for a person" } } };
      return { text: `Echo: ${text}` };
    });

    beforeAll(async () => {
      receiver = await OtlpReceiver.start();
      webhooks = await WebhookReceiver.start(() => 200);
      const port = await freePort();
      if (shouldSkip(dialect)) return;
      t = await createTestApp({
        dialect,
        modelOverride: () => model.model,
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
          OTEL_BSP_SCHEDULE_DELAY: "20",
          OTEL_METRICS_EXPORTER: "none",
          PARLEY_MODEL_MAX_ATTEMPTS: "2",
          PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
        },
      });
      await t.app.listen({ port, host: "127.0.0.1" });
      const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
        body: { url: webhooks.url, events: ["message.feedback"] },
      });
      expect(endpoint.statusCode).toBe(200);

      // The knowledge store, through the official OpenAI client.
      const client = new OpenAI({
        apiKey: ADMIN_KEY,
        baseURL: `http://127.0.0.1:${port}/openai/v1`,
        maxRetries: 0,
      });
      const file = await client.files.create({
        file: await toFile(Buffer.from(HANDBOOK), "handbook.md"),
        purpose: "assistants",
      });
      const store = await client.vectorStores.create({ name: "Shop", file_ids: [file.id] });
      storeId = store.id;
      const processed = await client.vectorStores.files.poll(store.id, file.id, { pollIntervalMs: 50 });
      expect(processed.status).toBe("completed");

      const fixture = await activeChat(t);
      chatId = fixture.chat.id;
      botId = fixture.bot.id;
      const settings = await t.call("POST", `/v1/bots/${botId}/settings`, {
        body: {
          ai: {
            tools: { knowledge_search: "auto", handoff_to_operator: "auto" },
            knowledge: { vectorStoreIds: [storeId] },
          },
        },
      });
      expect(settings.statusCode).toBe(200);
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await receiver?.close();
      await webhooks?.close();
    });

    const messagesOf = async (threadId: string) =>
      (await t.call("GET", `/v1/threads/${threadId}/messages`)).json() as Array<{
        id: string;
        role: string;
        author: string;
        content: string;
      }>;

    it.skipIf(shouldSkip(dialect))(
      "produces the expected traces, spans, feedback events and analytics",
      async () => {
        // 1. Answered from the handbook.
        const refund = await streamTurn(t, chatId, "day-refund", "When do I get my refund?");
        expect(refund.text).toBe("Refunds reach the card in 5 days.");
        // 2. Handed to a person, who answers.
        const human = await streamTurn(t, chatId, "day-human", "I want a human");
        expect(human.text).toBe("I am passing you to a colleague.");
        expect((await t.call("GET", "/v1/threads/day-human")).json().mode).toBe("manual");
        const sent = await t.call("POST", "/v1/threads/day-human/send", {
          body: { text: "Hi, Maria here." },
        });
        expect(sent.statusCode).toBe(200);
        // 3. The model fails on every attempt.
        const broken = await streamTurn(t, chatId, "day-broken", "this is broken");
        expect(broken.events.at(-1)).toMatchObject({ type: "error", code: "model_error" });

        // Feedback: a good answer and a poor one with the better answer.
        const refundReply = (await messagesOf("day-refund")).at(-1)!;
        const humanReply = (await messagesOf("day-human")).filter((m) => m.author === "bot").at(-1)!;
        expect(
          (
            await t.call("POST", `/v1/threads/day-refund/messages/${refundReply.id}/feedback`, {
              body: { rating: "up" },
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (
            await t.call("POST", `/v1/threads/day-human/messages/${humanReply.id}/feedback`, {
              body: { rating: "down", correction: "Connecting you to Maria, our support lead." },
            })
          ).statusCode,
        ).toBe(200);

        // Traces: why each answer, and the failure.
        const refundTrace = (
          await t.call("GET", `/v1/threads/day-refund/messages/${refundReply.id}/trace`)
        ).json();
        expect(refundTrace).toMatchObject({
          outcome: "replied",
          bot_id: botId,
          feedback: [expect.objectContaining({ rating: "up" })],
        });
        expect(refundTrace.knowledge[0].passages[0]).toMatchObject({
          vector_store_id: storeId,
          file_name: "handbook.md",
        });
        expect(refundTrace.tool_calls.map((c: { name: string }) => c.name)).toEqual(["knowledge_search"]);
        const humanTrace = (
          await t.call("GET", `/v1/threads/day-human/messages/${humanReply.id}/trace`)
        ).json();
        expect(humanTrace.tool_calls).toEqual([
          expect.objectContaining({
            name: "handoff_to_operator",
            args: { reason: "asks for a person" },
            status: "ok",
          }),
        ]);
        expect(humanTrace.feedback[0]).toMatchObject({
          rating: "down",
          correction: "Connecting you to Maria, our support lead.",
        });
        const brokenTraces = (await t.call("GET", "/v1/threads/day-broken/traces")).json().data;
        expect(brokenTraces).toHaveLength(1);
        expect(brokenTraces[0]).toMatchObject({ outcome: "failed", code: "model_error" });
        expect(brokenTraces[0].model_requests.map((r: { attempt: number }) => r.attempt)).toEqual([1, 2]);

        // OpenTelemetry: one invoke_agent per turn under its HTTP request, its model requests and tools below.
        const agents = await eventually(
          async () => receiver.spans.filter((span) => span.name.startsWith("invoke_agent")),
          (spans) => spans.length >= 3 && receiver.spans.filter((s) => s.name.startsWith("chat")).length >= 6,
        );
        expect(agents).toHaveLength(3);
        const byThread = new Map(agents.map((span) => [String(span.attributes["parley.thread.id"]), span]));
        const children = (span: ReceivedSpan) =>
          receiver
            .childrenOf(span)
            .map((child) => child.name)
            .sort();
        expect(children(byThread.get("day-refund")!)).toEqual(
          ["chat gpt-5", "chat gpt-5", "execute_tool knowledge_search"].sort(),
        );
        expect(children(byThread.get("day-human")!)).toContain("execute_tool handoff_to_operator");
        const failedTurn = byThread.get("day-broken")!;
        expect(failedTurn.statusCode).toBe(STATUS_ERROR);
        expect(
          receiver.childrenOf(failedTurn).every((span) => span.attributes["error.type"] !== undefined),
        ).toBe(true);
        for (const agent of agents) {
          const parent = receiver.spans.find((span) => span.spanId === agent.parentSpanId);
          expect(parent?.name).toMatch(/^POST /);
        }
        const refundChat = receiver
          .childrenOf(byThread.get("day-refund")!)
          .find((s) => s.name.startsWith("chat"))!;
        expect(refundChat.attributes).toMatchObject({
          "gen_ai.operation.name": "chat",
          "gen_ai.request.model": "gpt-5",
          "gen_ai.usage.input_tokens": 10,
          "gen_ai.usage.output_tokens": 5,
        });

        // The feedback webhooks.
        const feedbackEvents = await eventually(
          async () =>
            webhooks.accepted
              .map((request) => request.body)
              .filter((event) => event.type === "message.feedback"),
          (events) => events.length >= 2,
        );
        expect(
          feedbackEvents.map((event) => (event.data.feedback as { rating: string }).rating).sort(),
        ).toEqual(["down", "up"]);

        // Analytics: today's numbers.
        const report = (await t.call("GET", "/v1/analytics?time_zone=UTC")).json();
        const totals = report.totals;
        expect(totals).toMatchObject({
          conversations: 3,
          resolved_conversations: 1,
          handed_off_conversations: 1,
          bot_replies: 2,
          failed_replies: 1,
          operator_messages: 1,
          user_messages: 3,
          feedback: { up: 1, down: 1, score: 0.5 },
        });
        expect(totals.resolution_rate).toBeCloseTo(1 / 3);
        expect(totals.handoff_rate).toBeCloseTo(1 / 3);
        expect(totals.handoff_reasons).toEqual([{ reason: "tool", count: 1 }]);
        expect(totals.failed_replies_by_code).toEqual([{ code: "model_error", count: 1 }]);
        expect(totals.tool_calls).toEqual(
          expect.arrayContaining([
            { name: "knowledge_search", count: 1 },
            { name: "handoff_to_operator", count: 1 },
          ]),
        );
        expect(totals.first_response.bot.count).toBe(2);
        expect(totals.first_response.people.count).toBe(1);
        // Credits: what the two replies were charged, as their traces say.
        const charged = refundTrace.credits + humanTrace.credits;
        expect(totals.cost.credits).toBeCloseTo(charged, 3);
        expect(totals.cost.per_conversation).toBeCloseTo(charged / 3, 3);
        expect(totals.cost.per_resolved_conversation).toBeCloseTo(charged, 3);
        const today = report.days.at(-1);
        expect(today).toMatchObject({ conversations: 3, bot_replies: 2 });
      },
    );
  },
);

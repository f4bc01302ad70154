import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startTelemetry } from "../../../src/infra/telemetry/start-telemetry.js";
import { NO_TELEMETRY } from "../../../src/infra/telemetry/telemetry.js";
import { activeChat } from "../../helpers/conversation-fixtures.js";
import { type FakeOpenAI, startFakeOpenAI } from "../../helpers/fake-openai-server.js";
import { listen, sseEvents } from "../../helpers/live-app.js";
import { OtlpReceiver } from "../../helpers/otlp-receiver.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";

/** How many times the module that builds the SDK was loaded (it is the real one, counted). */
const sdk = vi.hoisted(() => ({ loads: 0 }));
vi.mock("../../../src/infra/telemetry/sdk.js", async (importActual) => {
  sdk.loads += 1;
  return importActual();
});

/**
 * With no OTLP endpoint, or with one but OTEL_SDK_DISABLED=true or both exporters `none`,
 * Parley loads no OpenTelemetry SDK and sends nothing (docs/quality.md, "OpenTelemetry").
 */
describe("OpenTelemetry off", () => {
  let receiver: OtlpReceiver;
  let fake: FakeOpenAI;

  beforeEach(async () => {
    receiver = await OtlpReceiver.start();
    fake = await startFakeOpenAI();
  });
  afterEach(async () => {
    await fake.close();
    await receiver.close();
  });

  /** The whole service, a streamed turn with a tool call and a plain request, then its close. */
  async function serviceRun(env: Record<string, string>): Promise<void> {
    const t: TestApp = await createTestApp({
      env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl, ...env },
    });
    try {
      const base = await listen(t);
      const { chat, bot } = await activeChat(t);
      await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { tools: { get_current_time: "auto" } } },
      });
      fake.enqueue(
        { toolCalls: [{ name: "get_current_time", arguments: { time_zone: "UTC" } }] },
        { text: "Noon." },
      );
      const response = await fetch(`${base}/v1/chats/${chat.id}/threads/off-1/stream`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.adminKey}`, "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "time?" }] }),
      });
      const types: string[] = [];
      for await (const event of sseEvents(response)) types.push((event.data as { type: string }).type);
      expect(types).toContain("tool-result");
      expect(types.at(-1)).toBe("finish");
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await t.close();
    }
  }

  it("without an endpoint the configuration exports nothing and startTelemetry loads no SDK", async () => {
    const config = testConfig();
    expect(config.telemetry).toMatchObject({ traces: undefined, metrics: undefined });
    const log = { info: vi.fn() };
    const telemetry = await startTelemetry(config.telemetry, {
      log: log as never,
      serviceVersion: "0",
      instanceId: "i",
    });
    expect(telemetry).toBe(NO_TELEMETRY);
    expect(log.info).not.toHaveBeenCalled();
    await serviceRun({});
    expect(sdk.loads).toBe(0);
  });

  it("OTEL_SDK_DISABLED=true, or both exporters none, turn an endpoint off: nothing is sent", async () => {
    await serviceRun({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SDK_DISABLED: "true" });
    await serviceRun({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_TRACES_EXPORTER: "none",
      OTEL_METRICS_EXPORTER: "none",
    });
    expect(sdk.loads).toBe(0);
    expect(receiver.requests).toEqual([]);
  });

  // The same run with the endpoint on: the counter and the receiver do see it.
  it("with the endpoint on, the SDK is loaded and the receiver gets spans", async () => {
    await serviceRun({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    });
    expect(sdk.loads).toBe(1);
    expect(receiver.names()).toContain("POST /v1/chats/:chat_id/threads/:thread_id/stream");
  });
});

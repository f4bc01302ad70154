import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OtlpReceiver } from "../helpers/otlp-receiver.js";
import { exitCode, freePort, printed, ready, runNpm } from "../helpers/server-process.js";

/**
 * `npm start` with an OTLP endpoint (docs/quality.md, "OpenTelemetry"): one log line names
 * where it exports (not the headers), and SIGTERM sends what is still buffered before the exit.
 */
describe("the server process with OpenTelemetry", () => {
  it("logs where it exports and flushes its spans on SIGTERM", async () => {
    const receiver = await OtlpReceiver.start();
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = runNpm(["start", "--silent"], {
        DATA_DIR: mkdtempSync(join(tmpdir(), "parley-otel-")),
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        PARLEY_LOG_FORMAT: "json",
        OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.endpoint}/otlp`,
        OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer collector-token-not-for-logs",
        // Longer than the test: only the shutdown's flush can send the spans.
        OTEL_BSP_SCHEDULE_DELAY: "600000",
      });
      await printed(server, /telemetry: exporting over OTLP/, "the telemetry line");
      await ready(server, base);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      server.child.kill("SIGTERM");
      expect(await exitCode(server, "the server after SIGTERM")).toBe(0);

      const line = server
        .stdout()
        .split("\n")
        .find((text) => text.includes("telemetry: exporting"));
      expect(JSON.parse(line ?? "{}")).toMatchObject({
        msg: `telemetry: exporting over OTLP to ${receiver.endpoint}`,
        traces: `${receiver.endpoint} (http/protobuf)`,
        metrics: `${receiver.endpoint} (http/protobuf)`,
      });
      expect(server.stdout()).not.toContain("collector-token-not-for-logs");

      const traces = receiver.requests.filter((request) => request.path === "/otlp/v1/traces");
      expect(traces.length).toBeGreaterThan(0);
      expect(traces[0]!.headers.authorization).toBe("Bearer collector-token-not-for-logs");
      expect(Buffer.concat(traces.map((request) => request.body)).includes("GET /healthz")).toBe(true);
      expect(receiver.requests.some((request) => request.path === "/otlp/v1/metrics")).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 180_000); // three steps, each bounded by PROCESS_STEP_MS
});

import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { redactUrl } from "../../src/infra/logging.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp } from "../helpers/test-app.js";

describe("search terms stay out of the log", () => {
  it("the request log shows the route and the other parameters, not what was searched", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mock = scriptedModel();
    const t = await createTestApp({
      env: { LOG_LEVEL: "info" },
      logStream: sink,
      modelOverride: () => mock.model,
    });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "log-1", "my diagnosis is confidential");
    const found = await t.call("GET", "/v1/threads?limit=5&search=confidential%20diagnosis");
    expect(found.json().data).toHaveLength(1);
    await t.call("GET", "/v1/threads?search=secretword");
    await t.close();
    const all = lines.join("");
    expect(all).not.toContain("confidential");
    expect(all).not.toContain("secretword");
    expect(all).toContain("/v1/threads?limit=5&search=[redacted]");
  });

  it("redacts every spelling of the parameter and keeps the rest as sent", () => {
    expect(redactUrl("/v1/threads")).toBe("/v1/threads");
    expect(redactUrl("/v1/threads?search=a+b&limit=2")).toBe("/v1/threads?search=[redacted]&limit=2");
    expect(redactUrl("/v1/threads?sea%72ch=x&search=y")).toBe(
      "/v1/threads?sea%72ch=[redacted]&search=[redacted]",
    );
    expect(redactUrl("/v1/threads?searching=x")).toBe("/v1/threads?searching=x");
    expect(redactUrl("/v1/threads?search")).toBe("/v1/threads?search=[redacted]");
  });
});

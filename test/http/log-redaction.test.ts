import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { logDestination, loggerOptions, redactText, redactUrl } from "../../src/infra/logging.js";
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

describe("credentials stay out of the log, on every route", () => {
  it("redacts secret query parameters by name, whatever the route and the spelling", () => {
    expect(redactUrl("/hooks/avito/int_1?token=abc123")).toBe("/hooks/avito/int_1?token=[redacted]");
    expect(redactUrl("/hooks/whatsapp/int_1?hub.mode=subscribe&hub.verify_token=vt-1&hub.challenge=42")).toBe(
      "/hooks/whatsapp/int_1?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42",
    );
    expect(redactUrl("/x?hub%2Everify_token=vt-1")).toBe("/x?hub%2Everify_token=[redacted]");
    for (const name of [
      "Token",
      "access_token",
      "refresh_token",
      "id_token",
      "verify_token",
      "client_secret",
      "secret",
      "signature",
      "X-Signature",
      "sig",
      "password",
      "api_key",
      "apiKey",
      "key",
      "code",
      "state",
    ]) {
      expect(redactUrl(`/any/route?${name}=s3cr3t&limit=5`)).toBe(`/any/route?${name}=[redacted]&limit=5`);
    }
    expect(redactUrl("/v1/threads?limit=5&chat_id=cht_1&order=desc")).toBe(
      "/v1/threads?limit=5&chat_id=cht_1&order=desc",
    );
  });

  it("redacts them in free text too: a message or an error naming a URL", () => {
    expect(redactText("Route GET:/hooks/avito/int_1?token=abc123 not found")).toBe(
      "Route GET:/hooks/avito/int_1?token=[redacted] not found",
    );
    expect(redactText("GET https://graph.test/v21.0/me?fields=id&access_token=EAAB123 failed")).toBe(
      "GET https://graph.test/v21.0/me?fields=id&access_token=[redacted] failed",
    );
    expect(redactText("no url here: a=b")).toBe("no url here: a=b");
  });

  it.each(["json", "pretty"] as const)(
    "a logged object's secret headers, and URLs in log messages and errors, are redacted (%s)",
    async (format) => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = Fastify({
        logger: loggerOptions("debug", logDestination(format, { out: sink, color: false })),
      });
      await app.ready();
      app.log.info(
        {
          headers: {
            "x-telegram-bot-api-secret-token": "tg-secret-111",
            "x-hub-signature-256": "sha256=meta-sig-222",
            "x-signature": "amo-sig-333",
            authorization: "Bearer key-444",
            "content-type": "application/json",
          },
        },
        "a vendor request",
      );
      app.log.debug("Route GET:/hooks/avito/int_1?token=avito-555 not found");
      app.log.warn({ err: new Error("GET /file/x?access_token=tok-666 failed") }, "download failed");
      await app.close();
      const all = lines.join("");
      for (const secret of [
        "tg-secret-111",
        "meta-sig-222",
        "amo-sig-333",
        "key-444",
        "avito-555",
        "tok-666",
      ]) {
        expect(all).not.toContain(secret);
      }
      expect(all).toContain("application/json");
      expect(all).toContain("/hooks/avito/int_1?token=[redacted]");
      expect(all).toContain("access_token=[redacted]");
    },
  );
});

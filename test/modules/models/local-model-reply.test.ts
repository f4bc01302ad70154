import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { type FileServer, serveFile } from "../../helpers/file-server.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { tinyModel } from "../../helpers/tiny-model.js";

interface CatalogModel {
  id: string;
  configured: boolean;
  local: { installed: boolean; download: unknown; error: string | null } | null;
}

/**
 * A first reply with no provider key: the default model is an embedded one, downloaded on the
 * first turn that needs it, then streamed (docs/local-models.md).
 */
describe("a reply from an embedded model", () => {
  const model = tinyModel(["Hello", "▁from", "▁the", "▁local", "▁model."]);
  let server: FileServer;
  let t: TestApp;

  beforeAll(async () => {
    server = await serveFile(model.bytes);
    t = await createTestApp({
      env: {
        PARLEY_DEFAULT_MODEL: "local/tiny",
        PARLEY_MODELS: JSON.stringify([{ id: "local/tiny", url: server.url(), sha256: model.sha256 }]),
        PARLEY_LOCAL_MODELS_DIR: mkdtempSync(join(tmpdir(), "parley-local-")),
        PARLEY_HUGGINGFACE_URL: server.url("/hub"),
        PARLEY_LOCAL_THREADS: "1",
        PARLEY_LOCAL_PARALLEL: "1",
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const catalog = async () => (await t.call("GET", "/v1/models")).json() as CatalogModel[];

  it("lists the embedded models with whether their file is here", async () => {
    const models = await catalog();
    const tiny = models.find((m) => m.id === "local/tiny");
    expect(tiny).toMatchObject({ configured: true, local: { installed: false, download: null } });
    expect(models.find((m) => m.id === "local/qwen2.5-0.5b-instruct")).toMatchObject({
      configured: true,
      local: { installed: false },
    });
    expect(models.find((m) => m.id === "openai/gpt-5")?.local).toBeNull();
  });

  it("a new bot gets the embedded model; its first turn downloads it and streams the reply", async () => {
    const { bot, chat } = await activeChat(t);
    const settings = (await t.call("GET", `/v1/bots/${bot.id}/settings`)).json();
    expect(settings.ai.model.id).toBe("local/tiny");
    const turn = await streamTurn(t, chat.id, "first-visit", "Hi!");
    expect(turn.response.statusCode).toBe(200);
    expect(turn.text).toBe("Hello from the local model.");
    expect(turn.events.filter((e) => e.type === "text-delta").length).toBeGreaterThan(1);
    const tiny = (await catalog()).find((m) => m.id === "local/tiny");
    expect(tiny?.local).toMatchObject({ installed: true, error: null });
    // A second turn reuses the loaded model: no second download.
    const requests = server.requests.length;
    expect((await streamTurn(t, chat.id, "first-visit", "Again")).text).toBe("Hello from the local model.");
    expect(server.requests.length).toBe(requests);
  }, 120_000);

  it("downloads a catalog model on request; a failed download says why", async () => {
    const started = await t.call("POST", "/v1/models/download", {
      body: { model: "local/qwen2.5-0.5b-instruct" },
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ id: "local/qwen2.5-0.5b-instruct", local: { installed: false } });
    // The "hub" here serves the tiny model, not the pinned file: its checksum refuses it.
    const failed = await eventually(
      async () => (await catalog()).find((m) => m.id === "local/qwen2.5-0.5b-instruct"),
      (m) => Boolean(m?.local?.error),
    );
    expect(failed?.local?.error).toMatch(/SHA-256/);
    expect(failed?.local?.installed).toBe(false);
  });

  it("refuses to download what is not an embedded model", async () => {
    const unknown = await t.call("POST", "/v1/models/download", { body: { model: "openai/gpt-5" } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("model_not_found");
    const bad = await t.call("POST", "/v1/models/download", { body: {} });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe("validation_failed");
  });
});

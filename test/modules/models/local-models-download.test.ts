import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_LOCAL_MODELS, LocalModelError, LocalModels } from "../../../src/modules/models/index.js";
import { type FileServer, serveFile } from "../../helpers/file-server.js";
import { testConfig } from "../../helpers/test-config.js";
import { tinyModel } from "../../helpers/tiny-model.js";

/** Embedded models' files: downloaded on first need, verified by checksum, resumed after a cut (docs/local-models.md). */
describe("local model files", () => {
  const model = tinyModel(["Hello"]);
  let server: FileServer;
  let dir: string;

  beforeAll(async () => {
    server = await serveFile(model.bytes);
  });
  afterAll(async () => {
    await server.close();
  });

  function localModels(extra: Record<string, unknown>, env: Record<string, string> = {}) {
    dir = mkdtempSync(join(tmpdir(), "parley-models-"));
    const config = testConfig({
      PARLEY_LOCAL_MODELS_DIR: dir,
      PARLEY_MODELS: JSON.stringify([{ id: "local/tiny", ...extra }]),
      ...env,
    });
    return new LocalModels(config.localModels, config.extraModels);
  }

  it("downloads a declared model once however many ask, verifies it and reports progress", async () => {
    const models = localModels({ url: server.url(), sha256: model.sha256 });
    const spec = models.get("local/tiny");
    expect(spec && models.status(spec)).toMatchObject({ installed: false, download: null });
    const before = server.requests.length;
    const [a, b] = await Promise.all([models.ensure("local/tiny"), models.ensure("local/tiny")]);
    expect(a).toBe(join(dir, "tiny.gguf"));
    expect(b).toBe(a);
    expect(server.requests.length - before).toBe(1);
    expect(readFileSync(a).equals(model.bytes)).toBe(true);
    expect(existsSync(`${a}.part`)).toBe(false);
    expect(spec && models.status(spec)).toMatchObject({
      installed: true,
      bytes: model.bytes.length,
      error: null,
    });
    rmSync(dir, { recursive: true });
  });

  it("resumes a cut download from where its part file ends", async () => {
    const models = localModels({ url: server.url(), sha256: model.sha256 });
    server.cutNextAfter(700_000);
    const first = await models.ensure("local/tiny").catch((error: unknown) => error);
    expect(first).toBeInstanceOf(LocalModelError);
    expect((first as LocalModelError).code).toBe("download_failed");
    const part = readFileSync(join(dir, "tiny.gguf.part"));
    expect(part.length).toBeGreaterThan(0);
    expect(part.length).toBeLessThan(model.bytes.length);
    const path = await models.ensure("local/tiny");
    expect(server.requests.at(-1)?.range).toBe(`bytes=${part.length}-`);
    expect(readFileSync(path).equals(model.bytes)).toBe(true);
    rmSync(dir, { recursive: true });
  });

  it("deletes a download whose checksum does not match and says why", async () => {
    const models = localModels({ url: server.url(), sha256: "0".repeat(64) });
    const error = (await models.ensure("local/tiny").catch((e: unknown) => e)) as LocalModelError;
    expect(error.code).toBe("checksum_mismatch");
    expect(error.message).toContain(model.sha256);
    expect(existsSync(join(dir, "tiny.gguf"))).toBe(false);
    expect(existsSync(join(dir, "tiny.gguf.part"))).toBe(false);
    const spec = models.get("local/tiny");
    expect(spec && models.status(spec).error).toContain("SHA-256");
    rmSync(dir, { recursive: true });
  });

  it("downloads the catalog's models from the configured hub (a mirror), pinned and verified", async () => {
    const models = localModels({}, { PARLEY_HUGGINGFACE_URL: server.url("/mirror") });
    const known = KNOWN_LOCAL_MODELS[0];
    if (!known) throw new Error("no known model");
    const error = (await models.ensure(known.id).catch((e: unknown) => e)) as LocalModelError;
    // The mirror serves other bytes than the pinned file: refused.
    expect(error.code).toBe("checksum_mismatch");
    const last = server.requests.length;
    expect(last).toBeGreaterThan(0);
    rmSync(dir, { recursive: true });
  });

  it("a file dropped in the models directory is a model; an offline machine needs no download", async () => {
    const models = localModels({});
    writeFileSync(join(dir, "my-model.gguf"), model.bytes);
    const ids = models.list().map((spec) => spec.id);
    expect(ids).toContain("local/my-model");
    expect(await models.ensure("local/my-model")).toBe(join(dir, "my-model.gguf"));
    // Declared without a URL and absent: a clear refusal, no request made.
    const before = server.requests.length;
    const error = (await models.ensure("local/tiny").catch((e: unknown) => e)) as LocalModelError;
    expect(error.code).toBe("model_not_installed");
    expect(server.requests.length).toBe(before);
    expect(await models.remove("local/my-model")).toBe(true);
    expect(models.list().map((spec) => spec.id)).not.toContain("local/my-model");
    rmSync(dir, { recursive: true });
  });
});

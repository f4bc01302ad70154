import { randomBytes } from "node:crypto";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createSecretBox } from "../../src/infra/secret-box.js";
import { openStorage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";

/**
 * The environment the document is built under: fixed, never the caller's, so that the generated
 * client types are the same on every machine (docs/api.md: the document comes from the route schemas).
 */
const DOCUMENT_ENV = { LOG_LEVEL: "silent", DATA_DIR: "/nonexistent-parley-openapi-dir" };

/**
 * Parley's OpenAPI document as `GET /openapi.json` serves it, from an app built in this
 * process on an in-memory SQLite database: no server, no network, no configuration needed.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const storage = openStorage({ sqlitePath: ":memory:" });
  try {
    await migrateToLatest(storage);
    const app = await buildApp({
      config: loadConfig(DOCUMENT_ENV),
      storage,
      secrets: createSecretBox(randomBytes(32)),
    });
    try {
      await app.ready();
      const response = await app.inject({ method: "GET", url: "/openapi.json" });
      if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
  }
}

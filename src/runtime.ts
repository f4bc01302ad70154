import { join } from "node:path";
import type { Config } from "./config.js";
import { systemClock } from "./infra/clock.js";
import { newId } from "./infra/ids.js";
import { createSecretBox, type SecretBox } from "./infra/secret-box.js";
import { resolveSecretKey } from "./infra/secret-key.js";
import { createEmbedderFromConfig } from "./modules/memory/embedder.js";
import { ModelCatalog } from "./modules/models/model-catalog.js";
import { type BootstrapResult, bootstrap } from "./modules/projects/bootstrap.js";
import { openStorage, type Storage } from "./storage/database.js";
import { migrateToLatest } from "./storage/migrator.js";

export const SQLITE_FILE = "parley.db";

export interface Runtime {
  storage: Storage;
  secrets: SecretBox;
  secretKeySource: "env" | "file" | "generated";
  bootstrap: BootstrapResult;
}

/**
 * What the server and the CLI both need before doing anything: a valid model catalog (checked
 * before anything is written), the secret key, the database
 * (embedded SQLite under DATA_DIR unless DATABASE_URL is set), migrations and the first-start
 * bootstrap.
 */
export async function prepareRuntime(config: Config): Promise<Runtime> {
  new ModelCatalog(config).assertHasDefault(config.defaultModel);
  createEmbedderFromConfig(config);
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  const storage = openStorage({
    databaseUrl: config.databaseUrl,
    sqlitePath: join(config.dataDir, SQLITE_FILE),
    pgPoolSize: config.pgPoolSize,
  });
  try {
    await migrateToLatest(storage);
    const result = await bootstrap(storage, {
      clock: systemClock,
      newId,
      bootstrapKey: config.bootstrapApiKey,
    });
    return {
      storage,
      secrets: createSecretBox(secretKey.key),
      secretKeySource: secretKey.source,
      bootstrap: result,
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/** The one time a generated bootstrap key is shown. It goes to stdout, never to the log. */
export function bootstrapBanner(result: BootstrapResult): string | undefined {
  if (!result.created || !result.generated) return undefined;
  return [
    "",
    "================================================================",
    " Parley created a default organization, project and admin API key.",
    ` Organization: ${result.organizationId}`,
    ` Project:      ${result.projectId}`,
    ` API key:      ${result.secret}`,
    " This key is shown only once. Store it now.",
    "================================================================",
    "",
  ].join("\n");
}

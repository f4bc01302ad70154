import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { LanguageModel } from "ai";
import type { LightMyRequestResponse } from "fastify";
import { type AppDeps, buildApp } from "../../src/app.js";
import type { Clock } from "../../src/infra/clock.js";
import type { App } from "../../src/infra/http-types.js";
import { newId } from "../../src/infra/ids.js";
import type { RateLimitStore } from "../../src/infra/rate-limit.js";
import { createSecretBox, type SecretBox } from "../../src/infra/secret-box.js";
import { hashPassword } from "../../src/modules/operators/passwords.js";
import { bootstrap } from "../../src/modules/projects/bootstrap.js";
import type { Storage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { openTestStorage, type TestDialect } from "./dialects.js";
import { TEST_DATABASE_URL } from "./postgres.js";
import { testConfig } from "./test-config.js";

export const ADMIN_KEY = "prl_test_bootstrap_admin_key_0123456789";
/** The console admin every test app starts with (docs/console.md). */
export const ADMIN_EMAIL = "admin@parley.local";
export const ADMIN_PASSWORD = "test-admin-password";
// scrypt is slow by design: hash the shared password once per test process.
let adminHash: Promise<string> | undefined;

export interface TestApp {
  app: App;
  storage: Storage;
  adminKey: string;
  organizationId: string;
  projectId: string;
  /** JSON request with the given key (default: the admin key); body is sent as JSON. */
  call(
    method: "GET" | "POST" | "DELETE" | "PUT",
    url: string,
    options?: { body?: unknown; key?: string | null; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** A new project in the same organization with a project key of its own. */
  otherProject(): Promise<{ projectId: string; key: string }>;
  /**
   * The environment that points another process (the CLI) at this app's database: set when the
   * app was made with `dataDir` (SQLite in a file there) or on PostgreSQL (its test schema).
   */
  databaseEnv?: Record<string, string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  dialect?: TestDialect;
  env?: Record<string, string>;
  clock?: Clock;
  rateLimitStore?: RateLimitStore;
  logStream?: NodeJS.WritableStream;
  /** Models used instead of the configured providers (e.g. scriptedModel().model). */
  modelOverride?: (modelId: string) => LanguageModel | undefined;
  /** SQLite: keep the database in `<dataDir>/parley.db` (the CLI's default) rather than in memory. */
  dataDir?: string;
  /** Runs after the app is built and before it is ready: tests add their own routes here. */
  beforeReady?: (app: App) => void;
  /** How often housekeeping runs (default: the app's 10 minutes). */
  housekeepingIntervalMs?: number;
  /** Webhook dispatcher overrides (default here: a 50 ms poll). */
  webhooks?: AppDeps["webhooks"];
  /** The server's SecretBox (default: a fresh key), for tests that open sealed auth_data too. */
  secrets?: SecretBox;
  /** Monotonic milliseconds timing the storage's transactions (readiness tests move it). */
  storageNow?: () => number;
  /**
   * TransactionMisuseErrors the test expects: otherwise close() fails with the first one, so a
   * misuse a caller swallowed still fails the test (docs/operations.md, "Database busy and held transactions").
   */
  allowTransactionMisuse?: boolean;
}

/** A fully built app on a fresh database, bootstrapped with ADMIN_KEY, ready for app.inject. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig({
    PARLEY_RATE_LIMIT_PER_KEY: "100000",
    PARLEY_RATE_LIMIT_PER_IP: "100000",
    PARLEY_RATE_LIMIT_PER_PROJECT: "100000",
    PARLEY_MAX_KEYS_PER_PROJECT: "1000",
    ...options.env,
  });
  const storage = await openTestStorage(options.dialect ?? "sqlite", {
    busyTimeoutMs: config.databaseBusyTimeoutMs,
    ...(options.storageNow ? { now: options.storageNow } : {}),
    ...(options.dataDir ? { sqlitePath: join(options.dataDir, "parley.db") } : {}),
  });
  const databaseEnv: Record<string, string> | undefined = storage.pgSchema
    ? { DATABASE_URL: TEST_DATABASE_URL, PGOPTIONS: `-c search_path=${storage.pgSchema}` }
    : options.dataDir
      ? { DATA_DIR: options.dataDir }
      : undefined;
  const misuses: Error[] = [];
  if (!options.allowTransactionMisuse) storage.transactions?.onMisuse((error) => misuses.push(error));
  const clock = options.clock ?? { now: () => new Date() };
  const boot = await migrateToLatest(storage)
    .then(async () => {
      adminHash ??= hashPassword(ADMIN_PASSWORD);
      return bootstrap(storage, {
        clock,
        newId,
        bootstrapKey: ADMIN_KEY,
        admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, passwordHash: await adminHash },
      });
    })
    .catch(async (error) => {
      await storage.close();
      throw error;
    });
  if (!boot.created) throw new Error("test database was not empty");
  const app = await buildApp({
    config,
    storage,
    secrets: options.secrets ?? createSecretBox(randomBytes(32)),
    clock,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.modelOverride ? { modelOverride: options.modelOverride } : {}),
    workerPollMs: 50,
    ...(options.housekeepingIntervalMs ? { housekeepingIntervalMs: options.housekeepingIntervalMs } : {}),
    webhooks: { pollIntervalMs: 50, ...options.webhooks },
  });
  options.beforeReady?.(app);
  await app.ready();

  const call: TestApp["call"] = (method, url, { body, key = ADMIN_KEY, headers = {} } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });

  return {
    app,
    storage,
    adminKey: ADMIN_KEY,
    organizationId: boot.organizationId,
    projectId: boot.projectId,
    call,
    ...(databaseEnv ? { databaseEnv } : {}),
    async otherProject() {
      const project = (
        await call("POST", "/v1/projects", { body: { name: "Other", organization_id: boot.organizationId } })
      ).json();
      const key = (
        await call("POST", `/v1/projects/${project.id}/api-keys`, { body: { name: "other" } })
      ).json();
      return { projectId: project.id as string, key: key.key as string };
    },
    async close() {
      await app.close();
      await storage.close();
      if (misuses.length > 0) throw misuses[0];
    },
  };
}

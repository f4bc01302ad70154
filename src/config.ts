import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { ConfigError } from "./config-error.js";
import {
  DEFAULT_LOCAL_MODEL,
  type LocalModelsConfig,
  localModelsConfigOf,
  localModelsEnv,
} from "./config-local-models.js";
import { type OAuthConfig, oauthConfigOf, oauthEnvShape } from "./config-oauth.js";
import { type TelemetryConfig, telemetryConfigOf, telemetryEnv } from "./config-telemetry.js";
import { httpUrl, httpUrlProblem, isBaseUrlVariable } from "./config-urls.js";
import { vendorEnvShape, vendorSettingsOf } from "./config-vendors.js";
import type { VendorId } from "./vendors/registry.js";

/**
 * The service's whole configuration, read from the environment once at start.
 * A bad value stops the process with a message naming the variable (see ConfigError).
 */
const jsonArray = <T extends z.ZodType>(item: T) =>
  z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be a JSON array" });
        return z.NEVER;
      }
    })
    .pipe(z.array(item));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** An origin exactly as browsers send it in the Origin header: scheme, host and optional port. */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
  } catch {
    return false;
  }
};

/** Comma-separated exact origins; browsers compare them as strings, so no wildcard, path or slash. */
const originList = z.string().transform((raw, ctx) => {
  const origins = raw
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins.filter((o) => !isOrigin(o))) {
    ctx.addIssue({
      code: "custom",
      message: `'${origin}' is not an origin such as https://app.example (scheme, host and optional port; no path, trailing slash or wildcard)`,
    });
  }
  return [...new Set(origins)];
});

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** An OpenAI-compatible provider added by configuration (Ollama, vLLM, llama.cpp server, …). */
export const extraProviderSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "provider id: lowercase letters, digits and dashes"),
  base_url: z.string().superRefine((value, ctx) => {
    const problem = httpUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `base_url ${problem}` });
  }),
  api_key: z.string().optional(),
  /** Name of an environment variable holding the key, so the key itself stays out of PARLEY_PROVIDERS. */
  api_key_env: z.string().optional(),
});

/** A model added to the catalog by configuration. */
export const extraModelSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*\/\S+$/, "model id must look like <provider>/<model_name>"),
  note: z.string().optional(),
  context_window: z.number().int().positive().optional(),
  /** Whether the model reads images (default: as the built-in entry of the same id, else false). */
  images: z.boolean().optional(),
  /** USD per million tokens, for billing (default: the built-in entry's, else 0). */
  input_price: z.number().min(0).max(10_000).optional(),
  output_price: z.number().min(0).max(10_000).optional(),
  /** `local/…` models (docs/local-models.md): a GGUF file on disk, or one to download with its checksum. */
  path: z.string().min(1).optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/, "sha256 must be 64 lowercase hex digits")
    .optional(),
  chat_format: z
    .enum(["auto", "qwen", "chatML", "llama3.1", "llama3", "mistral", "gemma", "general"])
    .optional(),
});

export type ExtraModel = z.infer<typeof extraModelSchema>;

/**
 * What the server does with credits (docs/billing.md, "When credits run out"). Credits are
 * enforced when the operator says so (`PARLEY_BILLING_ENFORCE=true`) or, by default (`auto`),
 * when a payment provider (billing's T-Bank terminal) is configured, since only then can a
 * project buy more: a self-hosted server without one records usage and never stops its bots.
 * Offers can be bought with a payment provider, or with explicit enforcement, which then sells
 * through the built-in manual provider (the operator confirms each payment).
 */
export function billingModes(
  setting: "true" | "false" | "auto",
  paymentProviderConfigured: boolean,
): { enforce: boolean; purchases: boolean } {
  const enforce = setting === "auto" ? paymentProviderConfigured : setting === "true";
  return { enforce, purchases: paymentProviderConfigured || setting === "true" };
}

/** An offer of the billing catalog (docs/billing.md, "Offers"). Prices in the billing currency. */
export const billingOfferSchema = z
  .strictObject({
    id: z.string().regex(/^offer_[A-Za-z0-9_]{1,60}$/, "offer id: offer_ followed by letters, digits or _"),
    name: z.string().min(1).max(200),
    description: z.string().max(1000).default(""),
    kind: z.enum(["topup", "subscription"]),
    price: z.number().positive().max(100_000_000),
    credits: z.number().positive().max(1_000_000_000),
    /** Subscriptions: the tariff they set and how long each payment extends it. */
    tariff: z.string().min(1).max(60).optional(),
    period_days: z.number().int().positive().max(3660).optional(),
    /** Top-ups that let the buyer choose the amount: price per credit and bounds. */
    custom_credits: z
      .strictObject({
        price_per_credit: z.number().positive(),
        min: z.number().int().positive(),
        max: z.number().int().positive(),
      })
      .optional(),
  })
  .refine(
    (offer) => offer.kind === "topup" || (offer.tariff !== undefined && offer.period_days !== undefined),
    {
      message: "a subscription needs tariff and period_days",
    },
  )
  .refine((offer) => !offer.custom_credits || offer.custom_credits.min <= offer.custom_credits.max, {
    message: "custom_credits.min must not exceed max",
  });

export type BillingOfferConfig = z.infer<typeof billingOfferSchema>;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
  ),
  PARLEY_BOOTSTRAP_API_KEY: optionalString.pipe(
    z
      .string()
      .min(24, "must be at least 24 characters")
      .max(200)
      .regex(/^\S+$/, "must not contain spaces")
      .optional(),
  ),
  PARLEY_SECRET_KEY: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Unset: readable lines on a terminal, JSON otherwise (docs/operations.md, "Logs").
  PARLEY_LOG_FORMAT: optionalString.pipe(z.enum(["json", "pretty"]).optional()),
  // https://no-color.org: any value turns the readable log's colours off.
  NO_COLOR: optionalString,
  PARLEY_RATE_LIMIT_PER_KEY: positiveInt(600),
  PARLEY_RATE_LIMIT_PER_IP: positiveInt(60),
  PARLEY_RATE_LIMIT_PER_PROJECT: positiveInt(1200),
  PARLEY_MAX_KEYS_PER_PROJECT: positiveInt(50),
  PARLEY_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  PARLEY_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  PARLEY_BODY_LIMIT_BYTES: positiveInt(1_048_576),
  PARLEY_PG_POOL_SIZE: positiveInt(10),
  PARLEY_DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  PARLEY_DATABASE_HOLD_LIMIT_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  PARLEY_TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  PARLEY_CORS_ORIGINS: optionalString.pipe(originList.optional()),
  PARLEY_SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  PARLEY_DEFAULT_MODEL: optionalString,
  PARLEY_MODEL_TIMEOUT_MS: positiveInt(120_000),
  PARLEY_MODEL_MAX_ATTEMPTS: positiveInt(3),
  PARLEY_TOOL_CALLS_PER_TURN: positiveInt(10),
  PARLEY_TRACE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  PARLEY_RUN_WORKER: z.enum(["true", "false"]).default("true"),
  PARLEY_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  PARLEY_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  PARLEY_SSE_HEARTBEAT_MS: positiveInt(15_000),
  PARLEY_WEBHOOK_RETENTION_DAYS: positiveInt(30),
  PARLEY_WEBHOOKS_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  PARLEY_MODELS: optionalString.pipe(jsonArray(extraModelSchema).optional()),
  PARLEY_PROVIDERS: optionalString.pipe(jsonArray(extraProviderSchema).optional()),
  PARLEY_EMBEDDING_MODEL: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9-]*\/\S+$/,
        "must look like <provider>/<model>, e.g. openai/text-embedding-3-small",
      )
      .optional(),
  ),
  PARLEY_EMBEDDING_DIMENSIONS: z.coerce.number().int().min(16).max(16_000).optional(),
  PARLEY_EMBEDDING_MAX_INPUT_CHARS: z.coerce.number().int().min(100).default(2000),
  PARLEY_RECALL_MEMORY_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(httpUrl().optional()),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString.pipe(httpUrl().optional()),
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_BASE_URL: optionalString.pipe(httpUrl().optional()),
  MISTRAL_API_KEY: optionalString,
  MISTRAL_BASE_URL: optionalString.pipe(httpUrl().optional()),
  YANDEX_API_KEY: optionalString,
  YANDEX_FOLDER_ID: optionalString,
  YANDEX_BASE_URL: optionalString.pipe(httpUrl().optional()),
  PARLEY_PUBLIC_URL: optionalString.pipe(httpUrl().optional()),
  ...oauthEnvShape,
  ...vendorEnvShape,
  ...localModelsEnv,
  ...telemetryEnv,
  PARLEY_CHANNEL_SEND_MAX_ATTEMPTS: positiveInt(10),
  PARLEY_FILES_DIR: optionalString,
  PARLEY_MAX_UPLOAD_BYTES: positiveInt(50 * 1024 * 1024),
  // Files customers send on channels, and files operators and the bot send (docs/channels.md,
  // "Non-text messages" and "Files"): the largest kept or sent, and how long customers' are kept.
  PARLEY_ATTACHMENT_MAX_BYTES: positiveInt(20 * 1024 * 1024),
  PARLEY_ATTACHMENT_RETENTION_DAYS: positiveInt(90),
  // Parse workers for uploaded documents (docs/operations.md, "Parse workers").
  PARLEY_PARSE_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  PARLEY_PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  PARLEY_PARSE_MEMORY_MB: z.coerce.number().int().min(32).max(65_536).default(512),
  // `auto`: credits are enforced when a payment provider is configured (docs/billing.md, "When credits run out").
  PARLEY_BILLING_ENFORCE: z.enum(["true", "false", "auto"]).default("auto"),
  PARLEY_BILLING_WELCOME_BONUS: z.coerce.number().min(0).max(1_000_000_000).default(100),
  PARLEY_BILLING_LOW_BALANCE: z.coerce.number().min(0).max(1_000_000_000).default(50),
  PARLEY_CREDITS_PER_USD: z.coerce.number().positive().max(1_000_000).default(100),
  PARLEY_BILLING_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as RUB")
    .default("RUB"),
  PARLEY_BILLING_OFFERS: optionalString.pipe(jsonArray(billingOfferSchema).optional()),
  PARLEY_TBANK_TERMINAL_KEY: optionalString.pipe(
    z.string().max(20, "must be at most 20 characters").optional(),
  ),
  PARLEY_TBANK_PASSWORD: optionalString,
  PARLEY_CONSOLE_DIR: optionalString,
  PARLEY_WIDGET_DIR: optionalString,
  PARLEY_WIDGET_RATE_LIMIT_PER_IP: positiveInt(300),
  PARLEY_WIDGET_MESSAGES_PER_MINUTE: positiveInt(20),
  PARLEY_SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  PARLEY_BOOTSTRAP_ADMIN_EMAIL: z.email("must be an email address").default("admin@parley.local"),
  PARLEY_BOOTSTRAP_ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(10, "must be at least 10 characters").max(256).optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface ProviderCredentials {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  /** Provider-specific extras, e.g. Yandex's folder id. */
  extra: Record<string, string | undefined>;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  bootstrapApiKey: string | undefined;
  secretKey: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  /** `json` or `pretty`; undefined: pretty when stdout is a terminal (infra/logging.ts). */
  logFormat: Env["PARLEY_LOG_FORMAT"];
  /** Colours in the pretty format (off with NO_COLOR). */
  logColor: boolean;
  rateLimit: { perKey: number; perIp: number; windowSeconds: number };
  /** Requests per rate-limit window of all the keys of one project together. */
  projectRateLimit: number;
  /** Active (unrevoked) API keys one project may have. */
  maxKeysPerProject: number;
  /**
   * How long a claim (a turn in progress, a running job, an idempotent request in progress)
   * holds without being renewed: after a crash, its work is taken up again this long after.
   */
  leaseMs: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** Web origins whose pages may call /v1 and /openai/v1 from a browser (infra/cors.ts); empty = none. */
  corsOrigins: string[];
  pgPoolSize: number;
  /**
   * SQLite: how long a request or job waits for the single writer before it gets 503
   * `database_busy` (docs/operations.md, "Database busy").
   */
  databaseBusyTimeoutMs: number;
  /** /readyz answers 503 while a transaction of this process has been open longer than this. */
  databaseHoldLimitMs: number;
  shutdownTimeoutMs: number;
  /** PARLEY_DEFAULT_MODEL, else the first built-in provider with credentials, else the embedded model. */
  defaultModel: string;
  localModels: LocalModelsConfig;
  /** Upper bound of one model call, and how many attempts a turn gets. */
  modelTimeoutMs: number;
  modelMaxAttempts: number;
  /** At most this many tool calls in one turn, all tools together (docs/agent.md, "Tools"). */
  toolCallsPerTurn: number;
  /** Days a turn's trace is kept; 0 stores none (docs/quality.md, "Traces"). */
  traceRetentionDays: number;
  /** Whether this process also runs the job worker (false for API-only processes of a cluster). */
  runWorker: boolean;
  /** Jobs the worker runs at once (turns mostly wait for the model, so more than the cores). */
  workerConcurrency: number;
  /** Sends to vendors the delivery lane runs at once, besides workerConcurrency (docs/operations.md, "Job worker"). */
  deliveryConcurrency: number;
  sseHeartbeatMs: number;
  /** Finished webhook deliveries (and their events) are deleted after this many days. */
  webhookRetentionDays: number;
  /** Whether webhook URLs may point at private, loopback or link-local addresses (development, tests). */
  webhooksAllowPrivate: boolean;
  extraModels: z.infer<typeof extraModelSchema>[];
  extraProviders: z.infer<typeof extraProviderSchema>[];
  providers: Record<string, ProviderCredentials>;
  /**
   * Semantic recall's embedder (see modules/memory/embedder.ts): `model` is `<provider>/<model>`
   * or undefined for Parley's offline lexical embedder; `dimensions` undefined means the
   * model's known size (256 for the lexical one); inputs are chunked to `maxInputChars`.
   */
  embedding: { model: string | undefined; dimensions: number | undefined; maxInputChars: number };
  /** SQLite: bytes of in-memory vector copies for recall searches (MemoryScopeIndex); 0 turns them off. */
  recallMemoryBytes: number;
  /** Where vendors and browsers reach this server (hook URLs, media links); no trailing slash. */
  publicUrl: string;
  /** Each messaging vendor's API base URL (no trailing slash), by vendor id (docs/channels.md). */
  vendorApiUrls: Partial<Record<VendorId, string>>;
  /** How many times one outgoing message is tried before it is recorded as failed. */
  channelSendMaxAttempts: number;
  /** Vendors connected by OAuth: apps, hosts, scopes and the redirect URL (docs/oauth.md). */
  oauth: OAuthConfig;
  /**
   * The server's own settings per vendor that adapters read beside an integration's credentials
   * (`VendorContext.vendorConfig`): amoCRM's Chats API channel `{channel_id, channel_secret}`.
   */
  vendorConfig: Partial<Record<VendorId, Readonly<Record<string, string>>>>;
  /** Where uploaded files are kept, and the largest accepted (docs/knowledge.md). */
  files: {
    dir: string;
    maxUploadBytes: number;
    /**
     * The largest file kept of what a customer sends on a channel, and the largest an operator
     * or the bot sends (docs/channels.md, "Non-text messages" and "Files").
     */
    attachmentMaxBytes: number;
    /** How long a kept channel file stays, in days. */
    attachmentRetentionDays: number;
  };
  /** Parse workers: how many, and each file's time and heap limits (docs/operations.md, "Parse workers"). */
  parse: { workers: number; timeoutMs: number; memoryMb: number };
  billing: {
    /** Whether a project without credits stops being answered (resolved from PARLEY_BILLING_ENFORCE: billingModes). */
    enforce: boolean;
    /** Whether projects can buy offers (invoices): see billingModes. */
    purchases: boolean;
    /** Credits a new project's account starts with, as bonus. */
    welcomeBonus: number;
    /** `billing.balance.low` when credits + bonus fall below this. */
    lowBalance: number;
    creditsPerUsd: number;
    currency: string;
    /** Undefined: the default offers (modules/billing/offers.ts). */
    offers: BillingOfferConfig[] | undefined;
    /** T-Bank acquiring, when both are set; else the built-in manual provider. */
    tbank: { terminalKey: string; password: string; apiUrl: string } | undefined;
  };
  /** The web widget (docs/widget.md). */
  widget: {
    /** Where widget.js was built (default: widget/dist of this checkout). */
    dir: string;
    limits: { perIpPerMinute: number; messagesPerVisitorPerMinute: number };
  };
  /** OpenTelemetry export (docs/quality.md, "OpenTelemetry"): off unless an OTLP endpoint is set. */
  telemetry: TelemetryConfig;
  /** The operator console (docs/console.md). */
  console: {
    /** The built console (default: console/dist of this checkout); undefined = the default. */
    dir: string | undefined;
    /** How long a sign-in lasts. */
    sessionTtlMs: number;
    /** The first admin account, made with the first project on an empty database. */
    bootstrapAdmin: { email: string; password: string | undefined };
  };
}

export { ConfigError };

/** Built-in models in the order a default is picked from when PARLEY_DEFAULT_MODEL is unset. */
const DEFAULT_BY_PROVIDER: Array<[provider: string, model: string]> = [
  ["openai", "openai/gpt-5"],
  ["anthropic", "anthropic/claude-sonnet-4-5"],
  ["google", "google/gemini-2.5-pro"],
  ["mistral", "mistral/mistral-small-latest"],
  ["yandex", "yandex/yandexgpt-5-pro"],
];

/** The first built-in provider with credentials gives the default model; none gives the embedded one. */
function defaultModelFor(providers: Record<string, ProviderCredentials>): string {
  for (const [provider, model] of DEFAULT_BY_PROVIDER) {
    const credentials = providers[provider];
    if (!credentials?.apiKey) continue;
    if (provider === "yandex" && !credentials.extra.folderId) continue;
    return model;
  }
  return DEFAULT_LOCAL_MODEL;
}

/** What is wrong with a set base URL variable (config-urls.ts), or undefined. */
function baseUrlProblem(name: string, value: unknown): string | undefined {
  return isBaseUrlVariable(name) && typeof value === "string" ? httpUrlProblem(value) : undefined;
}

/** Parses the environment. Throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty value means "unset", as with most twelve-factor services.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  // Every base URL, the vendors' included, whatever its own schema let through (`localhost:1234`).
  const badUrls = Object.keys(envSchema.shape).flatMap((name) => {
    const problem = baseUrlProblem(name, present[name]);
    return problem ? [{ name, problem }] : [];
  });
  if (!parsed.success || badUrls.length > 0) {
    const issues = (parsed.error?.issues ?? []).map((issue) => ({
      name: String(issue.path[0] ?? "environment"),
      problem: issue.message,
    }));
    const named = new Set(badUrls.map((bad) => bad.name));
    throw new ConfigError(
      [...badUrls, ...issues.filter((issue) => !named.has(issue.name))].map(
        ({ name, problem }) => `${name}: ${problem}`,
      ),
    );
  }
  const env = parsed.data;
  const extraProviders = env.PARLEY_PROVIDERS ?? [];
  const providers: Record<string, ProviderCredentials> = {
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, extra: {} },
    anthropic: { apiKey: env.ANTHROPIC_API_KEY, baseUrl: env.ANTHROPIC_BASE_URL, extra: {} },
    google: {
      apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
      baseUrl: env.GOOGLE_GENERATIVE_AI_BASE_URL,
      extra: {},
    },
    mistral: { apiKey: env.MISTRAL_API_KEY, baseUrl: env.MISTRAL_BASE_URL, extra: {} },
    yandex: {
      apiKey: env.YANDEX_API_KEY,
      baseUrl: env.YANDEX_BASE_URL,
      extra: { folderId: env.YANDEX_FOLDER_ID },
    },
    // Parley's embedded runtime (docs/local-models.md): no credentials, the model files are the configuration.
    local: { apiKey: undefined, baseUrl: undefined, extra: { local: "true" } },
  };
  const problems: string[] = [];
  for (const provider of extraProviders) {
    if (providers[provider.id]) {
      problems.push(
        provider.id === "local"
          ? "PARLEY_PROVIDERS: provider id 'local' is Parley's embedded model runtime (docs/local-models.md); give your provider another id"
          : `PARLEY_PROVIDERS: provider id '${provider.id}' is built in and cannot be redefined`,
      );
      continue;
    }
    const apiKey = provider.api_key ?? (provider.api_key_env ? source[provider.api_key_env] : undefined);
    providers[provider.id] = { apiKey, baseUrl: provider.base_url, extra: { compatible: "true" } };
  }
  if (Boolean(env.PARLEY_TBANK_TERMINAL_KEY) !== Boolean(env.PARLEY_TBANK_PASSWORD)) {
    problems.push("PARLEY_TBANK_TERMINAL_KEY and PARLEY_TBANK_PASSWORD: set both or neither");
  }
  const publicUrl = trimSlash(env.PARLEY_PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const oauth = oauthConfigOf(env, publicUrl, problems);
  const vendors = vendorSettingsOf(env, problems);
  const offerIds = (env.PARLEY_BILLING_OFFERS ?? []).map((offer) => offer.id);
  if (new Set(offerIds).size !== offerIds.length)
    problems.push("PARLEY_BILLING_OFFERS: offer ids must be unique");
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    bootstrapApiKey: env.PARLEY_BOOTSTRAP_API_KEY,
    secretKey: env.PARLEY_SECRET_KEY,
    logLevel: env.LOG_LEVEL,
    logFormat: env.PARLEY_LOG_FORMAT,
    logColor: env.NO_COLOR === undefined,
    rateLimit: {
      perKey: env.PARLEY_RATE_LIMIT_PER_KEY,
      perIp: env.PARLEY_RATE_LIMIT_PER_IP,
      windowSeconds: env.PARLEY_RATE_LIMIT_WINDOW_SECONDS,
    },
    projectRateLimit: env.PARLEY_RATE_LIMIT_PER_PROJECT,
    maxKeysPerProject: env.PARLEY_MAX_KEYS_PER_PROJECT,
    leaseMs: env.PARLEY_LEASE_MS,
    bodyLimitBytes: env.PARLEY_BODY_LIMIT_BYTES,
    trustProxy: env.PARLEY_TRUST_PROXY === "true",
    corsOrigins: env.PARLEY_CORS_ORIGINS ?? [],
    pgPoolSize: env.PARLEY_PG_POOL_SIZE,
    databaseBusyTimeoutMs: env.PARLEY_DATABASE_BUSY_TIMEOUT_MS,
    databaseHoldLimitMs: env.PARLEY_DATABASE_HOLD_LIMIT_MS,
    shutdownTimeoutMs: env.PARLEY_SHUTDOWN_TIMEOUT_MS,
    defaultModel: env.PARLEY_DEFAULT_MODEL ?? defaultModelFor(providers),
    localModels: localModelsConfigOf(env),
    modelTimeoutMs: env.PARLEY_MODEL_TIMEOUT_MS,
    modelMaxAttempts: env.PARLEY_MODEL_MAX_ATTEMPTS,
    toolCallsPerTurn: env.PARLEY_TOOL_CALLS_PER_TURN,
    traceRetentionDays: env.PARLEY_TRACE_RETENTION_DAYS,
    runWorker: env.PARLEY_RUN_WORKER === "true",
    workerConcurrency: env.PARLEY_WORKER_CONCURRENCY,
    deliveryConcurrency: env.PARLEY_DELIVERY_CONCURRENCY,
    sseHeartbeatMs: env.PARLEY_SSE_HEARTBEAT_MS,
    webhookRetentionDays: env.PARLEY_WEBHOOK_RETENTION_DAYS,
    webhooksAllowPrivate: env.PARLEY_WEBHOOKS_ALLOW_PRIVATE === "true",
    extraModels: env.PARLEY_MODELS ?? [],
    extraProviders,
    providers,
    embedding: {
      model: env.PARLEY_EMBEDDING_MODEL,
      dimensions: env.PARLEY_EMBEDDING_DIMENSIONS,
      maxInputChars: env.PARLEY_EMBEDDING_MAX_INPUT_CHARS,
    },
    recallMemoryBytes: env.PARLEY_RECALL_MEMORY_MB * 1024 * 1024,
    publicUrl,
    vendorApiUrls: vendors.apiUrls,
    vendorConfig: vendors.config,
    channelSendMaxAttempts: env.PARLEY_CHANNEL_SEND_MAX_ATTEMPTS,
    oauth,
    files: {
      dir: env.PARLEY_FILES_DIR ?? `${env.DATA_DIR.replace(/\/+$/, "")}/files`,
      maxUploadBytes: env.PARLEY_MAX_UPLOAD_BYTES,
      attachmentMaxBytes: env.PARLEY_ATTACHMENT_MAX_BYTES,
      attachmentRetentionDays: env.PARLEY_ATTACHMENT_RETENTION_DAYS,
    },
    parse: {
      workers: env.PARLEY_PARSE_WORKERS,
      timeoutMs: env.PARLEY_PARSE_TIMEOUT_MS,
      memoryMb: env.PARLEY_PARSE_MEMORY_MB,
    },
    billing: {
      ...billingModes(
        env.PARLEY_BILLING_ENFORCE,
        Boolean(env.PARLEY_TBANK_TERMINAL_KEY && env.PARLEY_TBANK_PASSWORD),
      ),
      welcomeBonus: env.PARLEY_BILLING_WELCOME_BONUS,
      lowBalance: env.PARLEY_BILLING_LOW_BALANCE,
      creditsPerUsd: env.PARLEY_CREDITS_PER_USD,
      currency: env.PARLEY_BILLING_CURRENCY,
      offers: env.PARLEY_BILLING_OFFERS,
      tbank:
        env.PARLEY_TBANK_TERMINAL_KEY && env.PARLEY_TBANK_PASSWORD
          ? {
              terminalKey: env.PARLEY_TBANK_TERMINAL_KEY,
              password: env.PARLEY_TBANK_PASSWORD,
              apiUrl: vendors.apiUrls.tbank ?? "",
            }
          : undefined,
    },
    widget: {
      dir: env.PARLEY_WIDGET_DIR ?? defaultWidgetDir(),
      limits: {
        perIpPerMinute: env.PARLEY_WIDGET_RATE_LIMIT_PER_IP,
        messagesPerVisitorPerMinute: env.PARLEY_WIDGET_MESSAGES_PER_MINUTE,
      },
    },
    telemetry: telemetryConfigOf(env),
    console: {
      dir: env.PARLEY_CONSOLE_DIR,
      sessionTtlMs: env.PARLEY_SESSION_TTL_HOURS * 60 * 60 * 1000,
      bootstrapAdmin: {
        email: env.PARLEY_BOOTSTRAP_ADMIN_EMAIL.toLowerCase(),
        password: env.PARLEY_BOOTSTRAP_ADMIN_PASSWORD,
      },
    },
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** widget/dist of the checkout this file belongs to (src/config.ts or a compiled dist/src/config.js). */
function defaultWidgetDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, "package.json"))) return join(dir, "widget", "dist");
    dir = dirname(dir);
  }
  return join(process.cwd(), "widget", "dist");
}

import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.js";
import { systemClock } from "../../../src/infra/clock.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { IntegrationsService } from "../../../src/modules/integrations/integrations-service.js";
import { bootstrap } from "../../../src/modules/projects/bootstrap.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { DIALECTS, openTestStorage, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { ADMIN_KEY, createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";

type Vendor =
  | "telegram"
  | "whatsapp"
  | "vk"
  | "instagram"
  | "facebook"
  | "github"
  | "google"
  | "yandex"
  | "amocrm"
  | "bitrix24"
  | "avito"
  | "tbank"
  | "parley";

/**
 * A valid auth_data per vendor, every optional field included. Secret values carry the
 * marker `sx_`, so a leak into a response or a log line is easy to spot.
 */
const VALID: Record<Vendor, Record<string, unknown>> = {
  telegram: { token: "123456789:sx_telegram_bot_token", webhook_secret: "sx_telegram_hook" },
  whatsapp: {
    access_token: "sx_whatsapp_access",
    phone_number_id: "106540352242922",
    app_secret: "sx_whatsapp_app_secret",
    verify_token: "sx_whatsapp_verify",
    business_account_id: "102290129340398",
  },
  vk: {
    access_token: "vk1.a.sx_vk_community_token",
    group_id: 218372914,
    confirmation_code: "sx_vk_confirm",
    secret: "sx_vk_callback_secret",
  },
  instagram: {
    access_token: "sx_instagram_access",
    app_secret: "sx_instagram_app_secret",
    verify_token: "sx_instagram_verify",
    account_id: "17841400000000000",
  },
  facebook: {
    access_token: "sx_facebook_page_token",
    app_secret: "sx_facebook_app_secret",
    verify_token: "sx_facebook_verify",
    page_id: "100000000000001",
  },
  github: { client_id: "Iv1.sx_github_client", client_secret: "sx_github_client_secret" },
  google: { client_id: "sx_google_client.apps.googleusercontent.com", client_secret: "sx_google_secret" },
  yandex: { client_id: "sx_yandex_client", client_secret: "sx_yandex_secret" },
  amocrm: {
    subdomain: "acme",
    client_id: "9f0b3c0e-2d4a-4b7e-9a61-1c2d3e4f5a6b",
    client_secret: "sx_amocrm_client_secret",
  },
  bitrix24: { portal: "acme.bitrix24.ru", client_id: "local.sx_bitrix_app", client_secret: "sx_bitrix_key" },
  avito: { client_id: "sx_avito_client", client_secret: "sx_avito_secret" },
  tbank: { terminal_key: "1700000000000DEMO", password: "sx_tbank_password" },
  parley: {},
};

/** The fields without which each vendor's auth_data is refused. */
const REQUIRED: Record<Vendor, string[]> = {
  telegram: ["token"],
  whatsapp: ["access_token", "phone_number_id", "app_secret", "verify_token"],
  vk: ["access_token"],
  instagram: ["access_token", "app_secret", "verify_token"],
  facebook: ["access_token", "app_secret", "verify_token"],
  github: [],
  google: [],
  yandex: [],
  amocrm: ["subdomain"],
  bitrix24: ["portal"],
  avito: ["client_id", "client_secret"],
  tbank: ["terminal_key", "password"],
  parley: [],
};

const VENDORS = Object.keys(VALID) as Vendor[];

function minimal(vendor: Vendor): Record<string, unknown> {
  return Object.fromEntries(REQUIRED[vendor].map((field) => [field, VALID[vendor][field]]));
}

function without(object: Record<string, unknown>, field: string): Record<string, unknown> {
  const { [field]: _dropped, ...rest } = object;
  return rest;
}

/** Wrong values, each with the one path the 422 must name. */
const INVALID: Array<[string, Vendor, Record<string, unknown>, string]> = [
  ["telegram token with a slash", "telegram", { token: "123:abc/def" }, "auth_data.token"],
  ["telegram token with spaces", "telegram", { token: "123 456" }, "auth_data.token"],
  ["telegram token not a string", "telegram", { token: 123456 }, "auth_data.token"],
  ["telegram empty token", "telegram", { token: "" }, "auth_data.token"],
  [
    "telegram webhook_secret with a dot",
    "telegram",
    { token: "1:a", webhook_secret: "a.b" },
    "auth_data.webhook_secret",
  ],
  [
    "telegram webhook_secret over 256 characters",
    "telegram",
    { token: "1:a", webhook_secret: "a".repeat(257) },
    "auth_data.webhook_secret",
  ],
  ["telegram unknown field", "telegram", { token: "1:a", tokn: "x" }, "auth_data.tokn"],
  ["vk group_id negative", "vk", { access_token: "t", group_id: -5 }, "auth_data.group_id"],
  ["vk group_id as a string", "vk", { access_token: "t", group_id: "5" }, "auth_data.group_id"],
  ["vk empty access_token", "vk", { access_token: "" }, "auth_data.access_token"],
  [
    "whatsapp phone_number_id not digits",
    "whatsapp",
    { ...minimal("whatsapp"), phone_number_id: "+1 555 000" },
    "auth_data.phone_number_id",
  ],
  [
    "facebook page_id not digits",
    "facebook",
    { ...minimal("facebook"), page_id: "acme" },
    "auth_data.page_id",
  ],
  ["amocrm subdomain as a host name", "amocrm", { subdomain: "acme.amocrm.ru" }, "auth_data.subdomain"],
  ["amocrm subdomain as a URL", "amocrm", { subdomain: "https://acme" }, "auth_data.subdomain"],
  [
    "amocrm client_id not a UUID",
    "amocrm",
    { subdomain: "acme", client_id: "abc", client_secret: "s" },
    "auth_data.client_id",
  ],
  [
    "amocrm client_id without client_secret",
    "amocrm",
    { subdomain: "acme", client_id: "9f0b3c0e-2d4a-4b7e-9a61-1c2d3e4f5a6b" },
    "auth_data.client_secret",
  ],
  [
    "amocrm client_secret without client_id",
    "amocrm",
    { subdomain: "acme", client_secret: "s" },
    "auth_data.client_id",
  ],
  ["bitrix24 portal without a domain", "bitrix24", { portal: "acme" }, "auth_data.portal"],
  ["github client_secret without client_id", "github", { client_secret: "s" }, "auth_data.client_id"],
  [
    "bitrix24 client_id without client_secret",
    "bitrix24",
    { portal: "acme.bitrix24.ru", client_id: "local.1" },
    "auth_data.client_secret",
  ],
  [
    "tbank terminal_key over 20 characters",
    "tbank",
    { terminal_key: "T".repeat(21), password: "p" },
    "auth_data.terminal_key",
  ],
  ["parley with any field", "parley", { token: "x" }, "auth_data.token"],
];

async function seedThread(t: TestApp, chatId: string, botId: string, threadId: string): Promise<void> {
  const now = new Date().toISOString();
  await t.storage.db
    .insertInto("threads")
    .values({
      project_id: t.projectId,
      id: threadId,
      chat_id: chatId,
      bot_id: botId,
      person_id: null,
      mode: "auto",
      title: null,
      last_message_at: now,
      pending_count: 0,
      working_memory: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.storage.db
    .insertInto("messages")
    .values({
      id: `msg_${threadId}`,
      project_id: t.projectId,
      thread_id: threadId,
      role: "user",
      author: "user",
      content: "hello",
      parts: null,
      external_id: null,
      created_at: now,
    })
    .execute();
}

describe.each(DIALECTS)("integrations on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({ dialect });
  });
  afterEach(async () => {
    await t?.close();
  });

  const it_ = it.skipIf(shouldSkip(dialect));

  async function createIntegration(
    vendor: Vendor = "telegram",
    authData: Record<string, unknown> = VALID[vendor],
    extra: Record<string, unknown> = {},
  ) {
    const response = await t.call("POST", "/v1/integrations", {
      body: { name: `My ${vendor}`, vendor, auth_data: authData, ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function createBot(name = "Support") {
    return (await t.call("POST", "/v1/bots", { body: { name } })).json();
  }

  it_("creates an active integration without auth_data in the answer, lists and gets it", async () => {
    const integration = await createIntegration("telegram", VALID.telegram, { settings: { greeting: "Hi" } });
    expect(Object.keys(integration).sort()).toEqual(
      [
        "connection",
        "created_at",
        "id",
        "name",
        "project_id",
        "settings",
        "status",
        "updated_at",
        "vendor",
      ].sort(),
    );
    expect(integration).toMatchObject({
      name: "My telegram",
      vendor: "telegram",
      status: "active",
      project_id: t.projectId,
      settings: { greeting: "Hi" },
    });
    expect(integration.id).toMatch(/^int_[A-Za-z0-9]{22}$/);
    expect(integration.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(integration.updated_at).toBe(integration.created_at);
    expect((await t.call("GET", "/v1/integrations")).json()).toEqual([integration]);
    expect((await t.call("GET", `/v1/integrations/${integration.id}`)).json()).toEqual(integration);
  });

  it_("defaults settings to an empty object and lists oldest first", async () => {
    const first = await createIntegration("vk");
    const second = await createIntegration("parley");
    expect(first.settings).toEqual({});
    expect((await t.call("GET", "/v1/integrations")).json().map((i: { id: string }) => i.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  for (const vendor of VENDORS) {
    it_(`accepts ${vendor} auth_data with every field and with only the required ones`, async () => {
      expect((await createIntegration(vendor, VALID[vendor])).vendor).toBe(vendor);
      expect((await createIntegration(vendor, minimal(vendor))).vendor).toBe(vendor);
    });

    for (const field of REQUIRED[vendor]) {
      it_(`refuses ${vendor} auth_data without ${field}: 422 auth_data.${field}`, async () => {
        const response = await t.call("POST", "/v1/integrations", {
          body: { name: "x", vendor, auth_data: without(VALID[vendor], field) },
        });
        expect(response.statusCode).toBe(422);
        const error = response.json();
        expect(error.code).toBe("validation_failed");
        expect(error.details).toContainEqual({ path: `auth_data.${field}`, message: "required" });
        expect((await t.call("GET", "/v1/integrations")).json()).toEqual([]);
      });
    }
  }

  for (const [label, vendor, authData, path] of INVALID) {
    it_(`refuses ${label} with 422 naming ${path}`, async () => {
      const response = await t.call("POST", "/v1/integrations", {
        body: { name: "x", vendor, auth_data: authData },
      });
      expect(response.statusCode).toBe(422);
      const error = response.json();
      expect(error.code).toBe("validation_failed");
      expect(error.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(error.message).toContain(path);
    });
  }

  it_("validates the rest of the create body", async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: "x", vendor: "icq", auth_data: {} }, "vendor"],
      [{ name: "x", auth_data: {} }, "vendor"],
      [{ vendor: "telegram", auth_data: VALID.telegram }, "name"],
      [{ name: "", vendor: "telegram", auth_data: VALID.telegram }, "name"],
      [{ name: "x".repeat(201), vendor: "telegram", auth_data: VALID.telegram }, "name"],
      [{ name: "x", vendor: "telegram" }, "auth_data"],
      [{ name: "x", vendor: "telegram", auth_data: "123:abc" }, "auth_data"],
      [{ name: "x", vendor: "telegram", auth_data: ["123:abc"] }, "auth_data"],
      [{ name: "x", vendor: "telegram", auth_data: VALID.telegram, settings: [] }, "settings"],
      [{ name: "x", vendor: "telegram", auth_data: VALID.telegram, status: "active" }, "status"],
    ];
    for (const [body, path] of cases) {
      const response = await t.call("POST", "/v1/integrations", { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const vendor = (
      await t.call("POST", "/v1/integrations", { body: { name: "x", vendor: "icq", auth_data: {} } })
    ).json().details[0];
    expect(vendor.message).toContain("telegram");
    expect((await t.call("POST", "/v1/integrations")).json().code).toBe("body_required");
  });

  it_("never echoes a refused secret in the 422 body", async () => {
    const response = await t.call("POST", "/v1/integrations", {
      body: { name: "x", vendor: "telegram", auth_data: { token: "123:sx_leaked token" } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toContain("sx_leaked");
  });

  it_("updates name, status and settings, leaving what was not sent", async () => {
    const integration = await createIntegration("telegram", VALID.telegram, { settings: { a: 1 } });
    const renamed = await t.call("POST", `/v1/integrations/${integration.id}`, {
      body: { name: "Shop bot" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Shop bot", status: "active", settings: { a: 1 } });
    for (const status of ["disabled", "error", "active"]) {
      const response = await t.call("POST", `/v1/integrations/${integration.id}`, { body: { status } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status, name: "Shop bot" });
    }
    const replaced = (
      await t.call("POST", `/v1/integrations/${integration.id}`, { body: { settings: { b: 2 } } })
    ).json();
    expect(replaced.settings).toEqual({ b: 2 });
    const empty = await t.call("POST", `/v1/integrations/${integration.id}`, { body: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ name: "Shop bot", status: "active", vendor: "telegram" });
    expect((await t.call("GET", `/v1/integrations/${integration.id}`)).json()).toEqual(empty.json());

    const invalid: Array<[unknown, string]> = [
      [{ status: "paused" }, "status"],
      [{ name: "" }, "name"],
      [{ vendor: "vk" }, "vendor"],
      [{ auth_data: "x" }, "auth_data"],
      [{ settings: "x" }, "settings"],
    ];
    for (const [body, path] of invalid) {
      const response = await t.call("POST", `/v1/integrations/${integration.id}`, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it_("replaces auth_data as a whole, validated against the integration's vendor", async () => {
    const integration = await createIntegration("telegram");
    const before = await t.storage.db
      .selectFrom("integrations")
      .select("auth_data")
      .where("id", "=", integration.id)
      .executeTakeFirstOrThrow();

    const wrongVendor = await t.call("POST", `/v1/integrations/${integration.id}`, {
      body: { name: "Renamed", auth_data: VALID.vk },
    });
    expect(wrongVendor.statusCode).toBe(422);
    const paths = wrongVendor.json().details.map((d: { path: string }) => d.path);
    expect(paths).toContain("auth_data.token");
    expect(paths.join(" ")).toContain("auth_data.access_token");
    const missing = await t.call("POST", `/v1/integrations/${integration.id}`, {
      body: { auth_data: { webhook_secret: "abc" } },
    });
    expect(missing.json().details).toContainEqual({ path: "auth_data.token", message: "required" });
    const unchanged = await t.storage.db
      .selectFrom("integrations")
      .select(["auth_data", "name"])
      .where("id", "=", integration.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ auth_data: before.auth_data, name: "My telegram" });

    const updated = await t.call("POST", `/v1/integrations/${integration.id}`, {
      body: { auth_data: { token: "987654321:sx_new_token" } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).not.toHaveProperty("auth_data");
    expect(updated.body).not.toContain("sx_");
    const after = await t.storage.db
      .selectFrom("integrations")
      .select("auth_data")
      .where("id", "=", integration.id)
      .executeTakeFirstOrThrow();
    expect(after.auth_data).not.toBe(before.auth_data);
    expect(after.auth_data).not.toContain("sx_new_token");
  });

  it_("never returns auth_data: not on create, list, get or update", async () => {
    const bodies: string[] = [];
    for (const vendor of VENDORS) {
      const response = await t.call("POST", "/v1/integrations", {
        body: { name: vendor, vendor, auth_data: VALID[vendor] },
      });
      bodies.push(response.body);
      const id = response.json().id;
      bodies.push((await t.call("GET", `/v1/integrations/${id}`)).body);
      bodies.push(
        (
          await t.call("POST", `/v1/integrations/${id}`, {
            body: { name: "again", auth_data: VALID[vendor] },
          })
        ).body,
      );
    }
    bodies.push((await t.call("GET", "/v1/integrations")).body);
    for (const body of bodies) {
      expect(body).not.toContain("auth_data");
      expect(body).not.toContain("sx_");
      expect(body).not.toContain("106540352242922");
      expect(body).not.toContain("acme");
    }
  });

  it_("never logs auth_data", async () => {
    await t.close();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ dialect, env: { LOG_LEVEL: "trace" }, logStream: sink });
    const created = await createIntegration("whatsapp");
    await t.call("GET", `/v1/integrations/${created.id}`);
    await t.call("GET", "/v1/integrations");
    await t.call("POST", `/v1/integrations/${created.id}`, { body: { auth_data: VALID.whatsapp } });
    await t.call("POST", `/v1/integrations/${created.id}`, {
      body: { auth_data: { access_token: "sx_bad" } },
    });
    await t.call("POST", "/v1/integrations", {
      body: { name: "x", vendor: "telegram", auth_data: { token: "sx bad token" } },
    });
    expect(lines.length).toBeGreaterThan(5);
    const all = lines.join("");
    expect(all).toContain(created.id);
    expect(all).not.toContain("sx_");
    expect(all).not.toContain("sx bad");
  });

  it_("deletes an integration with its chats and their threads and messages", async () => {
    const integration = await createIntegration("telegram");
    const keep = await createIntegration("vk");
    const bot = await createBot();
    const chat = (
      await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
        body: { bot_id: bot.id, name: "Inbox" },
      })
    ).json();
    const kept = (
      await t.call("POST", `/v1/integrations/${keep.id}/chats`, { body: { bot_id: bot.id, name: "Inbox" } })
    ).json();
    await seedThread(t, chat.id, bot.id, "thr_gone");
    await seedThread(t, kept.id, bot.id, "thr_kept");

    const response = await t.call("DELETE", `/v1/integrations/${integration.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: integration.id, deleted: true });

    const gone = await t.call("GET", `/v1/integrations/${integration.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("integration_not_found");
    expect((await t.call("GET", `/v1/chats/${chat.id}`)).json().code).toBe("chat_not_found");
    expect((await t.call("GET", "/v1/chats")).json().map((c: { id: string }) => c.id)).toEqual([kept.id]);
    const threads = await t.storage.db.selectFrom("threads").select("id").execute();
    expect(threads.map((r) => r.id)).toEqual(["thr_kept"]);
    const messages = await t.storage.db.selectFrom("messages").select("thread_id").execute();
    expect(messages.map((r) => r.thread_id)).toEqual(["thr_kept"]);
    expect((await t.call("GET", "/v1/integrations")).json().map((i: { id: string }) => i.id)).toEqual([
      keep.id,
    ]);
    expect((await t.call("DELETE", `/v1/integrations/${integration.id}`)).statusCode).toBe(404);
    // The bot's only remaining chat is in the other integration.
    expect((await t.call("POST", `/v1/bots/${bot.id}/delete`)).statusCode).toBe(409);
  });

  it_("answers 404 integration_not_found for an unknown id on every operation", async () => {
    const attempts: Array<["GET" | "POST" | "DELETE", string, unknown]> = [
      ["GET", "/v1/integrations/int_missing", undefined],
      ["POST", "/v1/integrations/int_missing", { name: "x" }],
      ["DELETE", "/v1/integrations/int_missing", undefined],
      ["GET", "/v1/integrations/int_missing/chats", undefined],
      ["POST", "/v1/integrations/int_missing/chats", { bot_id: "bot_x", name: "x" }],
      ["POST", "/v1/integrations/int_missing/chats/chat_x", { name: "x" }],
      ["POST", "/v1/integrations/int_missing/chats/chat_x/status", { status: "active" }],
      ["DELETE", "/v1/integrations/int_missing/chats/chat_x", undefined],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.call(method, url, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe("integration_not_found");
    }
  });

  it_("refuses another project's integration with 403 on every operation and changes nothing", async () => {
    const integration = await createIntegration("telegram");
    const bot = await createBot();
    const chat = (
      await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
        body: { bot_id: bot.id, name: "Inbox" },
      })
    ).json();
    const other = await t.otherProject();
    const otherBot = (await t.call("POST", "/v1/bots", { key: other.key, body: { name: "Theirs" } })).json();
    const attempts: Array<["GET" | "POST" | "DELETE", string, unknown]> = [
      ["GET", `/v1/integrations/${integration.id}`, undefined],
      ["POST", `/v1/integrations/${integration.id}`, { name: "Stolen", status: "disabled" }],
      ["POST", `/v1/integrations/${integration.id}`, { auth_data: { token: "1:stolen" } }],
      ["DELETE", `/v1/integrations/${integration.id}`, undefined],
      ["GET", `/v1/integrations/${integration.id}/chats`, undefined],
      ["POST", `/v1/integrations/${integration.id}/chats`, { bot_id: otherBot.id, name: "Mine now" }],
      ["POST", `/v1/integrations/${integration.id}/chats/${chat.id}`, { name: "Stolen" }],
      ["POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, { status: "active" }],
      ["DELETE", `/v1/integrations/${integration.id}/chats/${chat.id}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.call(method, url, { key: other.key, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    expect((await t.call("GET", "/v1/integrations", { key: other.key })).json()).toEqual([]);
    expect((await t.call("GET", `/v1/integrations/${integration.id}`)).json()).toEqual(integration);
    expect((await t.call("GET", `/v1/integrations/${integration.id}/chats`)).json()).toEqual([chat]);
  });
});

describe.each(DIALECTS)("integration auth_data at rest on %s", (dialect: TestDialect) => {
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("is sealed with the app's SecretBox and opened only by the service", async () => {
    const secrets = createSecretBox(randomBytes(32));
    const storage = await openTestStorage(dialect);
    await migrateToLatest(storage);
    const boot = await bootstrap(storage, { clock: systemClock, newId, bootstrapKey: ADMIN_KEY });
    if (!boot.created) throw new Error("test database was not empty");
    const app = await buildApp({ config: testConfig(), storage, secrets });
    try {
      const call = (method: "POST" | "GET", url: string, body?: unknown, key = ADMIN_KEY) =>
        app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
      const created = await call("POST", "/v1/integrations", {
        name: "Shop",
        vendor: "whatsapp",
        auth_data: VALID.whatsapp,
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().id as string;

      const raw = await storage.db
        .selectFrom("integrations")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(raw.auth_data).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      for (const value of Object.values(VALID.whatsapp)) expect(raw.auth_data).not.toContain(String(value));
      expect(JSON.stringify(raw)).not.toContain("sx_");

      const service = new IntegrationsService({
        integrations: createRepos(storage.db).integrations,
        secrets,
        clock: systemClock,
        newId,
      });
      expect(await service.openAuthData(boot.projectId, id)).toEqual(VALID.whatsapp);
      await expect(service.openAuthData("prj_other", id)).rejects.toMatchObject({ status: 403 });
      await expect(service.openAuthData(boot.projectId, "int_missing")).rejects.toMatchObject({
        status: 404,
        code: "integration_not_found",
      });

      // Each seal uses a fresh IV: the same auth_data stored again gives another ciphertext.
      const again = await call("POST", `/v1/integrations/${id}`, { auth_data: VALID.whatsapp });
      expect(again.statusCode).toBe(200);
      const resealed = await storage.db
        .selectFrom("integrations")
        .select("auth_data")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(resealed.auth_data).not.toBe(raw.auth_data);
      expect(await service.openAuthData(boot.projectId, id)).toEqual(VALID.whatsapp);

      // Another server key cannot open it.
      const stranger = new IntegrationsService({
        integrations: createRepos(storage.db).integrations,
        secrets: createSecretBox(randomBytes(32)),
        clock: systemClock,
        newId,
      });
      await expect(stranger.openAuthData(boot.projectId, id)).rejects.toThrow();
    } finally {
      await app.close();
      await storage.close();
    }
  });
});

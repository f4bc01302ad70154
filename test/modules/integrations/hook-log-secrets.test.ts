import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../../src/infra/http-types.js";
import type { SecretBox } from "../../../src/infra/secret-box.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { AmocrmFake } from "../../vendors/fakes/amocrm-fake.js";
import { Bitrix24Fake } from "../../vendors/fakes/bitrix24-fake.js";
import { CHANNEL_KITS } from "../../vendors/kits.js";
import type { FakeVendor, InboundTextOptions } from "../../vendors/vendor-kit.js";
import { fakeTbankToken, TbankFake } from "../billing/fakes/tbank-fake.js";
import {
  connectTerminal,
  paymentIdOf,
  paymentLinkTool,
  paymentTools,
  sharedSecrets,
  toolContext,
} from "../payment-links/payment-links-fixtures.js";

/**
 * No vendor's secret reaches the log (docs/operations.md, "Logs"): each
 * vendor's hooks are driven as the vendor drives them (signed messages, a forged one, Meta's
 * verification handshake, the OAuth callback, T-Bank's notifications) with the log at debug
 * level, and every secret involved is looked for in every line: the integration's auth_data,
 * what Parley stored for it (connector state, OAuth grants, sealed), and the secrets the inbound
 * requests carried (query parameters, signature headers, tokens in bodies).
 */

/** Query parameters and headers of inbound requests that carry nothing secret. */
const PUBLIC_QUERY = new Set([
  "hub.mode",
  "hub.challenge",
  "referer",
  "platform",
  "domain",
  "member_id",
  "scope",
  "server_domain",
]);
const PUBLIC_HEADERS = new Set([
  "host",
  "connection",
  "content-type",
  "content-length",
  "user-agent",
  "accept",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
  "transfer-encoding",
]);
/** Fields whose values are secrets (Bitrix24's auth[application_token], VK's secret, T-Bank's Token…). */
const SECRET_FIELD = /token|secret|password|signature|sign|hash|code|key/i;
/** auth_data fields that name a public thing (a portal's or account's host), not a credential. */
const PUBLIC_AUTH_DATA = new Set(["portal", "subdomain"]);
/** How long a step the vendor waits for (a reply, a connection) may take on a busy machine. */
const WAIT_MS = 20_000;
/** Values this short can appear in a log line by chance (a status, a count). */
const MIN_SECRET_LENGTH = 6;

interface Inbound {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** String leaves of a JSON value, with the key they sit under. */
function leaves(value: unknown, key = ""): Array<[string, string]> {
  if (typeof value === "string") return [[key, value]];
  if (typeof value === "number" && key !== "") return [[key, String(value)]];
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, key));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([name, item]) => leaves(item, name));
  return [];
}

/** A form field's own name: `auth[application_token]` is `application_token`. */
const fieldName = (name: string) => /\[([^\]]*)\]$/.exec(name)?.[1] ?? name;

/** The secrets an inbound vendor request carried: query values, secret headers, secret body fields. */
function secretsOfRequest(request: Inbound): string[] {
  const found: string[] = [];
  const url = new URL(request.url, "http://parley.local");
  for (const [name, value] of url.searchParams) if (!PUBLIC_QUERY.has(name)) found.push(value);
  for (const [name, value] of Object.entries(request.headers)) {
    if (PUBLIC_HEADERS.has(name) || value === undefined) continue;
    found.push(...(Array.isArray(value) ? value : [value]));
  }
  let body = request.body;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      body = Object.fromEntries(new URLSearchParams(body as string));
    }
  }
  for (const [name, value] of leaves(body)) if (SECRET_FIELD.test(fieldName(name))) found.push(value);
  // Meta's signature header is "sha256=<hex>": the hex alone must not show either.
  return found.flatMap((value) => [value, ...value.split("=").slice(1)]);
}

/** Everything sealed for the app's integrations: auth_data, connector state, OAuth grants. */
async function storedSecrets(t: TestApp, secrets: SecretBox): Promise<string[]> {
  const found: string[] = [];
  const rows = await t.storage.db
    .selectFrom("integrations")
    .select(["auth_data", "connector_state"])
    .execute();
  for (const row of rows) {
    const authData = leaves(JSON.parse(secrets.open(row.auth_data)));
    found.push(...authData.flatMap(([name, value]) => (PUBLIC_AUTH_DATA.has(name) ? [] : [value])));
    if (row.connector_state) {
      const state = JSON.parse(secrets.open(row.connector_state));
      found.push(...leaves(state).flatMap(([name, value]) => (SECRET_FIELD.test(name) ? [value] : [])));
    }
  }
  for (const grant of await t.storage.db.selectFrom("oauth_tokens").select("sealed_grant").execute()) {
    const opened = JSON.parse(secrets.open(grant.sealed_grant));
    found.push(...leaves(opened).flatMap(([name, value]) => (SECRET_FIELD.test(name) ? [value] : [])));
  }
  return found;
}

interface Drive {
  env: Record<string, string>;
  /** Secrets the vendor's side holds that Parley is configured with (env), if any. */
  configured?: string[];
  /** Drives the vendor's hooks against the app on `publicUrl` (`box`: the app's SecretBox). */
  run(t: TestApp, publicUrl: string, box: SecretBox): Promise<void>;
  close(): Promise<void>;
}

interface Scenario {
  vendor: string;
  start(): Promise<Drive>;
}

const model = scriptedModel((options) => ({ text: `Echo: ${lastUserText(options)}` }));

async function botAndChat(t: TestApp, vendor: string, authData: Record<string, unknown>) {
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "Shop assistant" } })).json();
  const created = await t.call("POST", "/v1/integrations", {
    body: { name: `Shop on ${vendor}`, vendor, auth_data: authData },
  });
  expect(created.statusCode).toBe(200);
  const integration = created.json() as { id: string; connection: { webhook_url: string } };
  return { bot, integration };
}

async function activateChat(t: TestApp, integrationId: string, botId: string) {
  const chat = (
    await t.call("POST", `/v1/integrations/${integrationId}/chats`, {
      body: { bot_id: botId, name: "inbox" },
    })
  ).json();
  const activated = await t.call("POST", `/v1/integrations/${integrationId}/chats/${chat.id}/status`, {
    body: { status: "active" },
  });
  expect(activated.statusCode).toBe(200);
}

/** A message, its reply sent back through the fake, a forged message. */
async function conversation(
  fake: Pick<FakeVendor, "deliverText" | "sent">,
  options: Partial<InboundTextOptions> = {},
) {
  const answer = await fake.deliverText({ ...options, userId: "5001", text: "hello there" });
  expect(answer.status).toBe(200);
  const texts = await eventually(
    async () => fake.sent.map((m) => m.text),
    (sent) => sent.includes("Echo: hello there"),
    WAIT_MS,
  );
  expect(texts).toContain("Echo: hello there");
  const forged = await fake.deliverText({ ...options, userId: "666", text: "forged", badProof: true });
  expect(forged.status).toBe(401);
}

const messagingScenarios: Scenario[] = CHANNEL_KITS.map((kit) => ({
  vendor: kit.vendor,
  async start() {
    const fake = await kit.start();
    return {
      env: fake.env,
      async run(t) {
        const { bot, integration } = await botAndChat(t, kit.vendor, fake.authData());
        await activateChat(t, integration.id, bot.id);
        if (fake.registersWebhook) {
          const connected = await eventually(
            async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
            (body) => body.connection.status !== "pending",
            WAIT_MS,
          );
          expect(connected.connection.status).toBe("connected");
        }
        const hookUrl = fake.registeredHookUrl() ?? integration.connection.webhook_url;
        const handshake = (
          fake as {
            handshake?: (url: string, options?: { verifyToken?: string }) => Promise<{ status: number }>;
          }
        ).handshake;
        if (handshake) {
          expect((await handshake.call(fake, hookUrl)).status).toBe(200);
          expect((await handshake.call(fake, hookUrl, { verifyToken: "not-the-verify-token" })).status).toBe(
            403,
          );
        }
        await conversation(fake, { hookUrl });
      },
      close: () => fake.close(),
    };
  },
}));

/** The consent page's redirect back to Parley, as the vendor makes it. */
async function oauthCallback(
  t: TestApp,
  integrationId: string,
  query: (state: string) => Record<string, string>,
) {
  const start = await t.call("POST", `/v1/integrations/${integrationId}/oauth/start`);
  expect(start.statusCode).toBe(200);
  const state = new URL(start.json().url).searchParams.get("state") ?? "";
  const callback = await t.app.inject({
    method: "GET",
    url: `/oauth/callback?${new URLSearchParams(query(state))}`,
  });
  expect(callback.statusCode).toBe(200);
  // A callback with a state that is no one's: refused, logged like any request.
  const forged = await t.app.inject({
    method: "GET",
    url: `/oauth/callback?${new URLSearchParams({ ...query(`${state}x`), code: "forged-code-0123456789" })}`,
  });
  expect(forged.statusCode).toBeGreaterThanOrEqual(400);
}

const amocrmScenario: Scenario = {
  vendor: "amocrm",
  async start() {
    const fake = await AmocrmFake.start();
    return {
      env: fake.env,
      configured: [fake.channelSecret],
      async run(t, publicUrl) {
        fake.hookUrlTemplate = `${publicUrl}/hooks/amocrm/:scope_id`;
        const { bot, integration } = await botAndChat(t, "amocrm", fake.authData());
        const code = `def502${Date.now()}`;
        fake.codes.add(code);
        await oauthCallback(t, integration.id, (state) => ({
          code,
          state,
          referer: fake.referer,
          platform: "1",
        }));
        await eventually(
          async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
          (body) => body.connection.status === "connected",
          WAIT_MS,
        );
        await activateChat(t, integration.id, bot.id);
        await conversation(fake);
      },
      close: () => fake.close(),
    };
  },
};

const bitrix24Scenario: Scenario = {
  vendor: "bitrix24",
  async start() {
    const fake = await Bitrix24Fake.start();
    return {
      env: { PARLEY_BITRIX24_TOKEN_URL: fake.tokenUrl, PARLEY_BITRIX24_API_URL: fake.restBase },
      async run(t) {
        const { bot, integration } = await botAndChat(t, "bitrix24", fake.authData());
        expect((await fake.install(integration.connection.webhook_url)).status).toBe(200);
        await oauthCallback(t, integration.id, (state) => ({
          code: fake.authorizationCode(),
          state,
          domain: fake.portal,
          member_id: fake.memberId,
          scope: "imbot,crm",
          server_domain: "oauth.bitrix.info",
        }));
        await eventually(
          async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
          (body) => body.connection.status === "connected",
          WAIT_MS,
        );
        await activateChat(t, integration.id, bot.id);
        await conversation(fake, { chatType: "L" } as Partial<InboundTextOptions>);
      },
      close: () => fake.close(),
    };
  },
};

const tbankScenario: Scenario = {
  vendor: "tbank",
  async start() {
    const [billingBank, shopBank] = await Promise.all([
      TbankFake.start({ terminalKey: "1700000000000BILL" }),
      TbankFake.start({ terminalKey: "1700000000001SHOP" }),
    ]);
    return {
      // Billing on a T-Bank terminal of the server's own, beside a project's terminal.
      env: billingBank.env,
      configured: [billingBank.password, shopBank.password],
      async run(t, publicUrl, box) {
        await connectTerminal(t, shopBank);
        const { chat } = await activeChat(t);
        await streamTurn(t, chat.id, "pay-thread", "One pizza, please");
        const [thread] = (await t.call("GET", `/v1/threads?chat_id=${chat.id}`)).json().data;
        const { provider } = paymentTools(t, box, shopBank, publicUrl);
        const tool = await paymentLinkTool(provider, t.projectId);
        const order = (await tool.execute(
          { amount_rub: 1490.5, description: "Pizza" },
          toolContext(t.projectId, chat.id, thread.id),
        )) as { order_id: string };
        const paymentId = paymentIdOf(shopBank, order.order_id);
        // The project's terminal: the payer pays (two signed notifications), a forger posts one.
        expect(await shopBank.pay(paymentId)).toEqual({ status: 200, body: "OK" });
        expect((await shopBank.notify(paymentId, "REFUNDED", { badToken: true })).status).toBe(403);
        // Billing's terminal: a signed notification about an invoice this server does not know.
        const fields: Record<string, unknown> = {
          TerminalKey: billingBank.terminalKey,
          OrderId: "inv_unknown_0001",
          Success: true,
          Status: "CONFIRMED",
          PaymentId: 7_000_001,
          ErrorCode: "0",
          Amount: 100_000,
        };
        fields.Token = fakeTbankToken(fields, billingBank.password);
        const billing = await fetch(`${publicUrl}/payments/tbank/notify`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(fields),
        });
        expect(billing.status).toBeLessThan(500);
      },
      close: async () => {
        await Promise.all([billingBank.close(), shopBank.close()]);
      },
    };
  },
};

const SCENARIOS: Scenario[] = [...messagingScenarios, amocrmScenario, bitrix24Scenario, tbankScenario];

function logSuite(scenario: Scenario, dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(
    `${scenario.vendor}'s secrets stay out of the log (${dialect})`,
    () => {
      const lines: string[] = [];
      const inbound: Inbound[] = [];
      let drive: Drive;
      let t: TestApp;
      let secrets: string[] = [];
      let closed = false;

      beforeAll(async () => {
        drive = await scenario.start();
        const port = await freePort();
        const publicUrl = `http://127.0.0.1:${port}`;
        const box = sharedSecrets();
        t = await createTestApp({
          dialect,
          secrets: box,
          env: {
            LOG_LEVEL: "debug",
            ...drive.env,
            PARLEY_PUBLIC_URL: publicUrl,
            PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
          },
          logStream: new Writable({
            write(chunk, _encoding, done) {
              lines.push(String(chunk));
              done();
            },
          }),
          modelOverride: () => model.model,
          // Every request that is not the API's own, as it arrived: what the vendor sent.
          beforeReady: (app: App) => {
            app.addHook("preHandler", async (request) => {
              if (request.url.startsWith("/v1/")) return;
              inbound.push({ url: request.url, headers: { ...request.headers }, body: request.body });
            });
          },
        });
        await t.app.listen({ port, host: "127.0.0.1" });
        await drive.run(t, publicUrl, box);
        secrets = [
          ...(drive.configured ?? []),
          ...(await storedSecrets(t, box)),
          ...inbound.flatMap(secretsOfRequest),
        ].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
        // Let what the log writes after the last request (the request log's last lines) arrive.
        closed = true;
        await t.close();
      }, 120_000);

      afterAll(async () => {
        if (t && !closed) await t.close();
        await drive?.close();
      });

      it("drives the vendor's hooks with the log on, and no line holds one of its secrets", () => {
        expect(inbound.length).toBeGreaterThan(0);
        expect(secrets.length).toBeGreaterThan(0);
        expect(lines.length).toBeGreaterThan(0);
        const leaked = [...new Set(secrets)].flatMap((secret) => {
          const line = lines.find((candidate) => candidate.includes(secret));
          return line ? [{ secret, line: line.slice(0, 400) }] : [];
        });
        expect(leaked).toEqual([]);
        // The hooks were logged at all: the request log names them, with their secrets redacted.
        expect(lines.some((line) => line.includes("/hooks/") || line.includes("/payments/"))).toBe(true);
      });
    },
  );
}

for (const dialect of DIALECTS) for (const scenario of SCENARIOS) logSuite(scenario, dialect);

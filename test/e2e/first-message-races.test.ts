import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIdentity } from "../../src/modules/widget/identity.js";
import { activeChat, eventually, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../helpers/dialects.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { freePort } from "../helpers/server-process.js";
import { sseData } from "../helpers/sse-client.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { consentOnAmocrm, consentOnBitrix24 } from "../vendors/crm-consent.js";
import { AmocrmFake } from "../vendors/fakes/amocrm-fake.js";
import { Bitrix24Fake } from "../vendors/fakes/bitrix24-fake.js";
import { CHANNEL_KITS } from "../vendors/kits.js";
import type { SentMessage, VendorKit } from "../vendors/vendor-kit.js";

/**
 * A new person's first messages arriving at the same moment, on every way in (docs/conversations.md,
 * "Parallel first messages"): each request would create the same person and the same thread.
 * Whichever request wins, every message is stored once, in one thread with one person, and
 * answered; none is answered twice (several may share one reply: double texting).
 */

const BURST = 5;
const SITE = "https://shop.example";

type Model = ReturnType<typeof scriptedModel>;

interface StoredMessage {
  id: string;
  seq: number;
  author: string;
  content: string;
  reply_to_seq: number | null;
}

async function threadMessages(t: TestApp, threadId: string): Promise<StoredMessage[]> {
  const rows = await t.storage.db
    .selectFrom("messages")
    .select(["id", "seq", "author", "content", "reply_to_seq"])
    .where("project_id", "=", t.projectId)
    .where("thread_id", "=", threadId)
    .orderBy("seq")
    .execute();
  return rows.map((row) => ({
    ...row,
    seq: Number(row.seq),
    reply_to_seq: row.reply_to_seq === null ? null : Number(row.reply_to_seq),
  }));
}

/** Replies and deliveries still to run (a vendor's messages are answered by jobs). */
async function jobsInFlight(t: TestApp): Promise<number> {
  const row = await t.storage.db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("type", "in", ["thread.reply", "channel.deliver"])
    .where("status", "in", ["pending", "running"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user messages not covered by any reply (a reply covers every user message up to its reply_to_seq). */
function unansweredOf(messages: StoredMessage[]): StoredMessage[] {
  const through = Math.max(0, ...messages.map((m) => m.reply_to_seq ?? 0));
  return messages.filter((m) => m.author === "user" && m.seq > through);
}

/**
 * Every text stored once as a user message of the thread, every one answered, none twice: each
 * reply covers messages no earlier reply covered, and each model call made one reply.
 */
function expectAnsweredOnce(messages: StoredMessage[], texts: string[], modelCalls: number): StoredMessage[] {
  const users = messages.filter((m) => m.author === "user");
  expect(users.map((m) => m.content).sort()).toEqual([...texts].sort());
  expect(unansweredOf(messages)).toEqual([]);
  const replies = messages.filter((m) => m.author === "bot");
  const covered = replies.map((m) => m.reply_to_seq);
  expect(covered.every((seq) => seq !== null && users.some((u) => u.seq === seq))).toBe(true);
  expect(new Set(covered).size).toBe(covered.length);
  expect(replies.length).toBeGreaterThanOrEqual(1);
  expect(replies.length).toBeLessThanOrEqual(texts.length);
  expect(modelCalls).toBe(replies.length);
  return replies;
}

async function personsOf(t: TestApp, where: { externalId?: string; channel?: string }) {
  let query = t.storage.db.selectFrom("persons").selectAll().where("project_id", "=", t.projectId);
  if (where.externalId !== undefined) query = query.where("external_id", "=", where.externalId);
  if (where.channel !== undefined) query = query.where("channel", "=", where.channel);
  return query.execute();
}

async function threadsOfChat(t: TestApp, chatId: string) {
  return t.storage.db
    .selectFrom("threads")
    .selectAll()
    .where("project_id", "=", t.projectId)
    .where("chat_id", "=", chatId)
    .execute();
}

/** The stream API and the widget, which share the stream service. */
function apiSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`parallel first messages through the API (${dialect})`, () => {
    let t: TestApp;
    let chat: { id: string };
    let integration: { id: string };
    let bot: { id: string };
    let model: Model;

    beforeAll(async () => {
      model = scriptedModel();
      t = await createTestApp({ dialect, modelOverride: () => model.model });
      ({ chat, integration, bot } = await activeChat(t));
      const widget = await t.call("POST", `/v1/chats/${chat.id}/widget`, {
        body: { allowed_origins: [SITE] },
      });
      expect(widget.statusCode, widget.body).toBe(200);
    });

    afterAll(async () => {
      await t?.close();
    });

    /** Checks the streams against the stored replies: each stream carries the reply that covered its message. */
    function expectStreamsCarryReplies(
      streams: Array<Array<Record<string, unknown>>>,
      replies: StoredMessage[],
    ): void {
      const byId = new Map(replies.map((reply) => [reply.id, reply]));
      for (const events of streams) {
        const finish = events.at(-1);
        expect(finish?.type).toBe("finish");
        const reply = byId.get(String(finish?.message_id));
        expect(reply).toBeDefined();
        const text = events
          .filter((e) => e.type === "text-delta")
          .map((e) => e.textDelta)
          .join("");
        expect(text).toBe(reply?.content);
      }
    }

    it("the same new thread id and person from ten requests at once: one thread, one person, all answered", async () => {
      const calls = model.calls.length;
      const texts = Array.from({ length: 10 }, (_, i) => `stream burst ${i}`);
      const results = await Promise.all(
        texts.map((text) =>
          streamTurn(t, chat.id, "race-thread", text, {
            extra: { person: { external_id: "race-person", name: "Ann" } },
          }),
        ),
      );
      expect(
        results.map((r) => r.response.statusCode),
        results.map((r) => r.response.body).join("\n"),
      ).toEqual(texts.map(() => 200));

      const [thread, ...more] = await threadsOfChat(t, chat.id);
      expect(more).toEqual([]);
      expect(thread?.id).toBe("race-thread");
      const persons = await personsOf(t, { externalId: "race-person" });
      expect(persons).toHaveLength(1);
      expect(persons[0]).toMatchObject({ name: "Ann" });
      expect(thread?.person_id).toBe(persons[0]?.id);

      const replies = expectAnsweredOnce(
        await threadMessages(t, "race-thread"),
        texts,
        model.calls.length - calls,
      );
      expectStreamsCarryReplies(
        results.map((r) => r.events),
        replies,
      );
    });

    it("the same new person in five new threads at once: one person, each thread theirs", async () => {
      const ids = Array.from({ length: BURST }, (_, i) => `person-race-${i}`);
      const results = await Promise.all(
        ids.map((id) =>
          streamTurn(t, chat.id, id, `hello from ${id}`, {
            extra: { person: { external_id: "many-threads", name: "Bob" } },
          }),
        ),
      );
      expect(results.map((r) => r.response.statusCode)).toEqual(ids.map(() => 200));
      const persons = await personsOf(t, { externalId: "many-threads" });
      expect(persons).toHaveLength(1);
      for (const id of ids) {
        const thread = await t.storage.db
          .selectFrom("threads")
          .selectAll()
          .where("project_id", "=", t.projectId)
          .where("id", "=", id)
          .executeTakeFirst();
        expect(thread?.person_id).toBe(persons[0]?.id);
        const messages = await threadMessages(t, id);
        expect(messages.map((m) => [m.author, m.content])).toEqual([
          ["user", `hello from ${id}`],
          ["bot", `Echo: hello from ${id}`],
        ]);
      }
    });

    it("a new thread id raced for by two chats belongs to one of them; the other chat's requests are 409", async () => {
      const second = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "second site" },
        })
      ).json();
      const activated = await t.call("POST", `/v1/integrations/${integration.id}/chats/${second.id}/status`, {
        body: { status: "active" },
      });
      expect(activated.statusCode).toBe(200);
      const requests = Array.from({ length: 2 * BURST }, (_, i) => ({
        chatId: i % 2 === 0 ? chat.id : second.id,
        text: `contested ${i}`,
      }));
      const results = await Promise.all(
        requests.map(({ chatId, text }) => streamTurn(t, chatId, "contested-thread", text)),
      );
      const thread = await t.storage.db
        .selectFrom("threads")
        .selectAll()
        .where("project_id", "=", t.projectId)
        .where("id", "=", "contested-thread")
        .executeTakeFirstOrThrow();
      const stored: string[] = [];
      requests.forEach(({ chatId, text }, i) => {
        const response = results[i]?.response;
        if (chatId === thread.chat_id) {
          expect(response?.statusCode, response?.body).toBe(200);
          stored.push(text);
        } else {
          expect(response?.statusCode, response?.body).toBe(409);
          expect(response?.json().code).toBe("thread_in_other_chat");
        }
      });
      const messages = await threadMessages(t, "contested-thread");
      expect(
        messages
          .filter((m) => m.author === "user")
          .map((m) => m.content)
          .sort(),
      ).toEqual(stored.sort());
      expect(unansweredOf(messages)).toEqual([]);
    });

    it("useChat sending the same message several times at once: stored once, answered once", async () => {
      const first = [{ id: "m-1", role: "user", parts: [{ type: "text", text: "resent hello" }] }];
      const second = [
        ...first,
        { id: "m-2", role: "assistant", parts: [{ type: "text", text: "Echo: resent hello" }] },
        { id: "m-3", role: "user", parts: [{ type: "text", text: "resent again" }] },
      ];
      const calls = model.calls.length;
      // The first message creates the thread; the second arrives in a thread that exists.
      for (const messages of [first, second]) {
        const answers = await Promise.all(
          Array.from({ length: BURST }, () =>
            t.call("POST", `/v1/chats/${chat.id}/threads/ui-race/stream?protocol=ui`, { body: { messages } }),
          ),
        );
        expect(
          answers.map((a) => a.statusCode),
          answers.map((a) => a.body).join("\n"),
        ).toEqual(answers.map(() => 200));
      }
      const replies = expectAnsweredOnce(
        await threadMessages(t, "ui-race"),
        ["resent hello", "resent again"],
        model.calls.length - calls,
      );
      expect(replies.map((m) => m.content)).toEqual(["Echo: resent hello", "Echo: resent again"]);
    });

    const widget = (method: "POST", url: string, options: { token?: string; body?: unknown } = {}) =>
      t.app.inject({
        method,
        url,
        headers: {
          origin: SITE,
          "content-type": "application/json",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        payload: JSON.stringify(options.body ?? {}),
      });

    it("a widget visitor's first messages at once: one thread, one person, all answered", async () => {
      const calls = model.calls.length;
      const session = (await widget("POST", `/widget/v1/chats/${chat.id}/sessions`)).json();
      const texts = Array.from({ length: BURST }, (_, i) => `widget burst ${i}`);
      const answers = await Promise.all(
        texts.map((text) =>
          widget("POST", "/widget/v1/messages", { token: session.visitor_token, body: { text } }),
        ),
      );
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join("\n"),
      ).toEqual(texts.map(() => 200));
      const threads = (await threadsOfChat(t, chat.id)).filter((th) => th.id === session.thread_id);
      expect(threads).toHaveLength(1);
      const persons = await personsOf(t, { externalId: `visitor:vis_${session.thread_id.slice(2)}` });
      expect(persons).toHaveLength(1);
      expect(threads[0]?.person_id).toBe(persons[0]?.id);
      const replies = expectAnsweredOnce(
        await threadMessages(t, session.thread_id),
        texts,
        model.calls.length - calls,
      );
      expectStreamsCarryReplies(
        answers.map((a) => sseData(a.body) as Array<Record<string, unknown>>),
        replies,
      );
    });

    it("a signed-in user opening the widget in several tabs at once gets one conversation", async () => {
      const calls = model.calls.length;
      const secret = (await t.call("POST", `/v1/chats/${chat.id}/widget/identity-secret`)).json()
        .identity_secret as string;
      const identity = { user_id: "tabs-7", signature: signIdentity(secret, "tabs-7"), name: "Cleo" };
      const sessions = (
        await Promise.all(
          Array.from({ length: BURST }, () =>
            widget("POST", `/widget/v1/chats/${chat.id}/sessions`, { body: { identity } }),
          ),
        )
      ).map((answer) => answer.json());
      const threadIds = new Set(sessions.map((s) => s.thread_id));
      expect(threadIds.size).toBe(1);
      const texts = sessions.map((_, i) => `tab ${i}`);
      const answers = await Promise.all(
        sessions.map((session, i) =>
          widget("POST", "/widget/v1/messages", { token: session.visitor_token, body: { text: texts[i] } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(texts.map(() => 200));
      const persons = await personsOf(t, { externalId: "user:tabs-7" });
      expect(persons).toHaveLength(1);
      expect(persons[0]).toMatchObject({ name: "Cleo" });
      expectAnsweredOnce(await threadMessages(t, sessions[0].thread_id), texts, model.calls.length - calls);
    });
  });
}

/** A vendor connected to Parley as a user would set it up, ready to deliver inbound messages. */
interface VendorHarness {
  t: TestApp;
  chatId: string;
  model: Model;
  deliver(userId: string, userName: string, text: string): Promise<number>;
  sent(): SentMessage[];
  close(): Promise<void>;
}

async function kitHarness(kit: VendorKit, dialect: TestDialect): Promise<VendorHarness> {
  const model = scriptedModel();
  const fake = await kit.start();
  const port = await freePort();
  const t = await createTestApp({
    dialect,
    env: { ...fake.env, PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}` },
    modelOverride: () => model.model,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "Shop assistant" } })).json();
  const integration = (
    await t.call("POST", "/v1/integrations", {
      body: { name: `Shop on ${kit.vendor}`, vendor: kit.vendor, auth_data: fake.authData() },
    })
  ).json();
  const chat = (
    await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { bot_id: bot.id, name: "inbox" },
    })
  ).json();
  await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
    body: { status: "active" },
  });
  if (fake.registersWebhook) {
    await eventually(
      async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json().connection.status,
      (status) => status !== "pending",
    );
  }
  const hookUrl = fake.registeredHookUrl() ?? integration.connection.webhook_url;
  return {
    t,
    chatId: chat.id,
    model,
    deliver: async (userId, userName, text) =>
      (await fake.deliverText({ hookUrl, userId, userName, text })).status,
    sent: () => fake.sent,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** amoCRM: the channel connected by OAuth, its server-wide hook URL (as amocrm-e2e.test.ts). */
async function amocrmHarness(dialect: TestDialect): Promise<VendorHarness> {
  const model = scriptedModel();
  const fake = await AmocrmFake.start();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    dialect,
    env: { ...fake.env, PARLEY_PUBLIC_URL: publicUrl },
    modelOverride: () => model.model,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  fake.hookUrlTemplate = `${publicUrl}/hooks/amocrm/:scope_id`;
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "Sales assistant" } })).json();
  const integration = (
    await t.call("POST", "/v1/integrations", {
      body: { name: "Acme on amoCRM", vendor: "amocrm", auth_data: fake.authData() },
    })
  ).json();
  const { callback } = await consentOnAmocrm(t, fake, integration.id);
  expect(callback.statusCode).toBe(200);
  await eventually(
    async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json().connection.status,
    (status) => status === "connected",
  );
  const hookUrl = fake.registeredHookUrl() ?? "";
  const chat = (
    await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { bot_id: bot.id, name: "CRM" },
    })
  ).json();
  await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
    body: { status: "active" },
  });
  return {
    t,
    chatId: chat.id,
    model,
    deliver: async (userId, userName, text) =>
      (await fake.deliverText({ hookUrl, userId, userName, text })).status,
    sent: () => fake.sent,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** Bitrix24: the local application installed and connected by OAuth (as bitrix24-e2e.test.ts). */
async function bitrix24Harness(dialect: TestDialect): Promise<VendorHarness> {
  const model = scriptedModel();
  const fake = await Bitrix24Fake.start();
  const port = await freePort();
  const t = await createTestApp({
    dialect,
    env: {
      PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
      PARLEY_BITRIX24_TOKEN_URL: fake.tokenUrl,
      PARLEY_BITRIX24_API_URL: fake.restBase,
    },
    modelOverride: () => model.model,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "Shop assistant" } })).json();
  const integration = (
    await t.call("POST", "/v1/integrations", {
      body: { name: "Shop on Bitrix24", vendor: "bitrix24", auth_data: fake.authData() },
    })
  ).json();
  expect((await fake.install(integration.connection.webhook_url)).status).toBe(200);
  const { callback } = await consentOnBitrix24(t, fake, integration.id);
  expect(callback.statusCode).toBe(200);
  await eventually(
    async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json().connection.status,
    (status) => status === "connected",
  );
  const chat = (
    await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { bot_id: bot.id, name: "open line" },
    })
  ).json();
  await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
    body: { status: "active" },
  });
  return {
    t,
    chatId: chat.id,
    model,
    deliver: async (userId, userName, text) =>
      (await fake.deliverText({ userId, userName, text, chatType: "L" })).status,
    sent: () => fake.sent,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

const VENDORS: Array<{ vendor: string; start: (dialect: TestDialect) => Promise<VendorHarness> }> = [
  ...CHANNEL_KITS.map((kit) => ({
    vendor: kit.vendor,
    start: (dialect: TestDialect) => kitHarness(kit, dialect),
  })),
  { vendor: "amocrm", start: amocrmHarness },
  { vendor: "bitrix24", start: bitrix24Harness },
];

function vendorSuite(
  vendor: string,
  start: (dialect: TestDialect) => Promise<VendorHarness>,
  dialect: TestDialect,
) {
  describe.skipIf(shouldSkip(dialect))(`parallel first messages from ${vendor} (${dialect})`, () => {
    let h: VendorHarness;

    beforeAll(async () => {
      h = await start(dialect);
    });

    afterAll(async () => {
      await h?.close();
    });

    it("a new customer's messages at once: one thread, one person, every message answered once", async () => {
      const { t } = h;
      const texts = Array.from({ length: BURST }, (_, i) => `${vendor} burst ${i}`);
      const statuses = await Promise.all(texts.map((text) => h.deliver("4242", "Dana Race", text)));
      expect(statuses).toEqual(texts.map(() => 200));

      const threads = await threadsOfChat(t, h.chatId);
      expect(threads).toHaveLength(1);
      const thread = threads[0];
      if (!thread) throw new Error("no thread");
      const persons = await personsOf(t, { channel: vendor });
      expect(persons).toHaveLength(1);
      expect(thread.person_id).toBe(persons[0]?.id);

      // The replies are jobs: wait until every message is answered and nothing is left to send.
      await eventually(
        async () => ({
          unanswered: unansweredOf(await threadMessages(t, thread.id)).length,
          inFlight: await jobsInFlight(t),
        }),
        (state) => state.unanswered === 0 && state.inFlight === 0,
        20_000,
      );
      const replies = expectAnsweredOnce(await threadMessages(t, thread.id), texts, h.model.calls.length);
      // Each reply reached the customer once.
      expect(
        h
          .sent()
          .map((m) => m.text)
          .sort(),
      ).toEqual(replies.map((m) => m.content).sort());
    });
  });
}

for (const dialect of DIALECTS) {
  apiSuite(dialect);
  for (const { vendor, start } of VENDORS) vendorSuite(vendor, start, dialect);
}

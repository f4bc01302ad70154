import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { lastToolResult, lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { DEFAULT_TEMPLATES, type FakeGraph, startFakeGraph } from "../../vendors/fakes/meta-fake.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Enough templates that the account's listing takes two pages of 100. */
const BULK = Array.from({ length: 105 }, (_, i) => ({
  id: String(2000 + i),
  name: `bulk_${String(i).padStart(3, "0")}`,
  language: "en_US",
  category: "UTILITY",
  status: "APPROVED",
  components: [{ type: "BODY", text: `Bulk notice ${i}.` }],
}));

type Message = { id: string; author: string; content: string; delivery?: Record<string, unknown> };

/**
 * WhatsApp message templates over the Meta fake (docs/channels.md, "Templates"): synced from
 * the Business Account with paging, listed with filters, checked before sending, sent as
 * `type: "template"` (now, scheduled, or by the bot's tool), and the thread's reply window that
 * tells when only a template reaches the customer.
 */
describe.each(DIALECTS)("WhatsApp templates (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("", () => {
    let fake: FakeGraph;
    let t: TestApp;
    let clock: ManualClock;
    let integration: { id: string; connection: { webhook_url: string } };
    let botId: string;
    let threadId: string;
    const waId = "15557770001";
    const model = scriptedModel((options, call) => {
      const text = lastUserText(options);
      if (text.includes("template please") && lastToolResult(options) === undefined) {
        return {
          toolCall: {
            name: "send_whatsapp_template",
            input: {
              name: "order_update",
              language: "en_US",
              parameters: { header: ["7"], body: ["Bo", "#7"] },
            },
          },
        };
      }
      if (text.includes("template please"))
        return { text: `Tool said: ${JSON.stringify(lastToolResult(options))}` };
      return { text: `Echo: ${text} ${call}` };
    });

    const messages = async (): Promise<Message[]> =>
      (await t.call("GET", `/v1/threads/${threadId}/messages`)).json();
    const thread = async () => (await t.call("GET", `/v1/threads/${threadId}`)).json();

    beforeAll(async () => {
      fake = await startFakeGraph("whatsapp");
      fake.templates = [...DEFAULT_TEMPLATES, ...BULK];
      clock = new ManualClock(new Date().toISOString());
      const port = await freePort();
      t = await createTestApp({
        dialect,
        clock,
        env: { ...fake.env, PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}` },
        modelOverride: () => model.model,
      });
      await t.app.listen({ port, host: "127.0.0.1" });
      botId = (await t.call("POST", "/v1/bots", { body: { name: "Shop" } })).json().id;
      integration = (
        await t.call("POST", "/v1/integrations", {
          body: { name: "Shop on WhatsApp", vendor: "whatsapp", auth_data: fake.authData() },
        })
      ).json();
      const chat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: botId, name: "inbox" },
        })
      ).json();
      await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
        body: { status: "active" },
      });
      await fake.deliverText({ hookUrl: integration.connection.webhook_url, userId: waId, text: "hello" });
      const sent = await eventually(
        async () => (await t.call("GET", `/v1/threads?chat_id=${chat.id}`)).json().data,
        (list) => list.length === 1,
      );
      threadId = sent[0].id;
      await eventually(messages, (list) => list.at(-1)?.delivery?.status === "sent");
    });

    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    it("syncs every template of the Business Account, following the listing's pages", async () => {
      expect((await t.call("GET", `/v1/integrations/${integration.id}/whatsapp_templates`)).json()).toEqual(
        [],
      );
      const synced = await t.call("POST", `/v1/integrations/${integration.id}/whatsapp_templates/sync`);
      expect(synced.statusCode).toBe(200);
      expect(synced.json().synced).toBe(108);
      const listings = fake.requests.filter((request) => request.path.endsWith("/message_templates"));
      expect(listings).toHaveLength(2);
      expect(listings[0]?.path).toBe("/102290129340398/message_templates");
      expect(listings[0]?.query).toMatchObject({
        limit: "100",
        fields: "id,name,language,category,status,components",
      });
      expect(listings[1]?.query.after).toBeTruthy();

      // A template deleted on Meta's side goes on the next sync; the others keep their ids.
      const before = (
        await t.call("GET", `/v1/integrations/${integration.id}/whatsapp_templates?name=order`)
      ).json();
      fake.templates = fake.templates.filter((template) => template.name !== "bulk_000");
      expect(
        (await t.call("POST", `/v1/integrations/${integration.id}/whatsapp_templates/sync`)).json().synced,
      ).toBe(107);
      const after = (
        await t.call("GET", `/v1/integrations/${integration.id}/whatsapp_templates?name=order`)
      ).json();
      expect(after[0].id).toBe(before[0].id);
    });

    it("lists by status, language and name, with what each send must fill in", async () => {
      const url = `/v1/integrations/${integration.id}/whatsapp_templates`;
      const pending = (await t.call("GET", `${url}?status=pending`)).json();
      expect(pending.map((row: { name: string }) => row.name)).toEqual(["spring_sale"]);
      expect(pending[0]).toMatchObject({ status: "PENDING", sendable: false, category: "MARKETING" });
      const [order] = (await t.call("GET", `${url}?name=ORDER_&language=en_US`)).json();
      expect(order).toMatchObject({
        name: "order_update",
        language: "en_US",
        parameters: { header: ["1"], body: ["1", "2"] },
        sendable: true,
      });
      expect((await t.call("GET", `${url}?language=ru`)).json()).toEqual([]);
    });

    it("refuses what Meta would refuse, with a code, before storing anything", async () => {
      const count = (await messages()).length;
      const send = (body: unknown) => t.call("POST", `/v1/threads/${threadId}/template`, { body });
      const missing = await send({ name: "nope", language: "en_US" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe("template_not_found");
      const pending = await send({ name: "spring_sale", language: "en_US", parameters: { body: ["20%"] } });
      expect(pending.statusCode).toBe(409);
      expect(pending.json().code).toBe("template_not_approved");
      const wrong = await send({ name: "order_update", language: "en_US", parameters: { body: ["Bo"] } });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        code: "template_parameters",
        details: [
          { path: "parameters.header", message: "expected 1 value(s), got 0" },
          { path: "parameters.body", message: "expected 2 value(s), got 1" },
        ],
      });
      const empty = await send({ name: "order_update", language: "en_US", parameters: { body: ["", "x"] } });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().code).toBe("validation_failed");
      const { chat: api } = await activeChat(t);
      await streamTurn(t, api.id, "api-thread", "hi");
      const other = await t.call("POST", "/v1/threads/api-thread/template", {
        body: { name: "follow_up", language: "en_US" },
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe("not_whatsapp_thread");
      expect((await thread()).reply_window).toMatchObject({ open: true });
      expect((await t.call("GET", "/v1/threads/api-thread")).json().reply_window).toBeNull();
      expect(await messages()).toHaveLength(count);
    });

    it("after 24 hours text fails as outside_window naming the fix, and a template reaches the customer", async () => {
      const open = await thread();
      expect(open.reply_window.open).toBe(true);
      clock.advance(DAY_MS + 60_000);
      expect((await thread()).reply_window).toEqual({ open: false, closes_at: open.reply_window.closes_at });
      fake.closedWindows.add(waId);

      await t.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "manual" } });
      const text = await t.call("POST", `/v1/threads/${threadId}/send`, { body: { text: "Still there?" } });
      expect(text.statusCode).toBe(200);
      const failed = await eventually(messages, (list) => list.at(-1)?.delivery?.status === "failed");
      expect(failed.at(-1)?.delivery?.error).toMatchObject({
        code: "outside_window",
        message: expect.stringContaining("POST /v1/threads/{id}/template"),
      });

      const sent = await t.call("POST", `/v1/threads/${threadId}/template`, {
        body: {
          name: "order_update",
          language: "en_US",
          parameters: { header: ["42"], body: ["Ann", "#42"] },
        },
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({
        author: "operator",
        content: "Order 42\n\nHi Ann, your order #42 has shipped.\n\nParley Test Business",
        delivery: { status: "pending", template: { name: "order_update", language: "en_US" } },
      });
      await eventually(messages, (list) => list.at(-1)?.delivery?.status === "sent");
      expect(fake.templateMessages.at(-1)).toEqual({
        to: waId,
        template: {
          name: "order_update",
          language: { policy: "deterministic", code: "en_US" },
          components: [
            { type: "header", parameters: [{ type: "text", text: "42" }] },
            {
              type: "body",
              parameters: [
                { type: "text", text: "Ann" },
                { type: "text", text: "#42" },
              ],
            },
          ],
        },
      });
      const request = fake.requests.filter((r) => r.path === "/106540352242922/messages").at(-1);
      expect(request?.body).toMatchObject({ messaging_product: "whatsapp", to: waId, type: "template" });
    });

    it("a scheduled template waits for its time and is sent once", async () => {
      const at = new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString();
      const scheduled = await t.call("POST", `/v1/threads/${threadId}/template`, {
        body: { name: "follow_up", language: "en_US", scheduledAt: at },
      });
      expect(scheduled.statusCode).toBe(202);
      expect(scheduled.json()).toMatchObject({ scheduled: true, scheduled_at: at });
      const sentBefore = fake.templateMessages.length;
      expect((await messages()).some((m) => m.content.startsWith("We have news"))).toBe(false);
      clock.advance(60 * 60 * 1000 + 1000);
      const list = await eventually(messages, (all) =>
        all.some((m) => m.content.startsWith("We have news") && m.delivery?.status === "sent"),
      );
      expect(list.filter((m) => m.content.startsWith("We have news"))).toHaveLength(1);
      expect(fake.templateMessages.length).toBe(sentBefore + 1);
      expect(fake.templateMessages.at(-1)?.template).toEqual({
        name: "follow_up",
        language: { policy: "deterministic", code: "en_US" },
      });
    });

    it("the bot's send_whatsapp_template sends into the WhatsApp conversation", async () => {
      const listed = (await t.call("GET", "/v1/tools")).json() as Array<{ name: string; source: unknown }>;
      expect(listed.find((tool) => tool.name === "send_whatsapp_template")?.source).toEqual({
        kind: "integration",
        integration_id: integration.id,
        vendor: "whatsapp",
      });
      const enabled = await t.call("POST", `/v1/bots/${botId}/settings`, {
        body: { ai: { tools: { send_whatsapp_template: "auto" } } },
      });
      expect(enabled.statusCode).toBe(200);
      await t.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "auto" } });
      fake.closedWindows.delete(waId);
      const sentBefore = fake.templateMessages.length;
      await fake.deliverText({
        hookUrl: integration.connection.webhook_url,
        userId: waId,
        text: "template please",
      });
      const list = await eventually(messages, (all) =>
        all.some(
          (m) => m.author === "bot" && m.content.startsWith("Order 7") && m.delivery?.status === "sent",
        ),
      );
      expect(list.find((m) => m.content.startsWith("Order 7"))?.content).toContain(
        "Hi Bo, your order #7 has shipped.",
      );
      expect(fake.templateMessages.length).toBe(sentBefore + 1);
      expect(fake.templateMessages.at(-1)?.template).toMatchObject({ name: "order_update" });
      expect(model.calls.at(-1)?.tools?.find((tool) => tool.name === "send_whatsapp_template")).toBeTruthy();
      expect((await thread()).reply_window.open).toBe(true);
    });

    it("a sync without the Business Account id, or of another vendor's integration, is refused", async () => {
      const { business_account_id: _waba, ...withoutAccount } = fake.authData();
      const bare = (
        await t.call("POST", "/v1/integrations", {
          body: { name: "No WABA", vendor: "whatsapp", auth_data: withoutAccount },
        })
      ).json();
      const refused = await t.call("POST", `/v1/integrations/${bare.id}/whatsapp_templates/sync`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("business_account_missing");
      const other = await t.call("GET", "/v1/integrations/int_nope/whatsapp_templates");
      expect(other.statusCode).toBe(404);
    });
  });
});

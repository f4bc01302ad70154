import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, ensureConsoleBuilt, launchChromium, pageCondition } from "../helpers/browser.js";
import { activeChat, eventually } from "../helpers/conversation-fixtures.js";
import { type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { freePort } from "../helpers/server-process.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";
import { TelegramFake } from "../vendors/fakes/telegram-fake.js";

/**
 * An operator's day, end to end in the console (docs/console.md, "An operator's day"): a visitor
 * writes in the website widget out of hours and asks for a person; the bot hands off, the
 * visitor is told when people are back, and routing assigns the conversation to the one
 * operator online. The operator leaves a private note, answers with a canned response, and
 * resolves; the visitor rates the conversation, then writes again, which reopens it; the same
 * customer writes from Telegram, and the operator merges the two contacts. The customer's side
 * goes through the widget's own HTTP API and Telegram's webhook (the fake), as real clients
 * would; every operator step is a click or a keystroke in Chromium. PARLEY_SCREENSHOTS=1 writes
 * the screenshots docs/console.md shows.
 */
const run = browserAvailable("operator's day browser test");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;
const SITE = "https://shop.example";

/** Open 09:00–18:00 every day, but today (UTC) is a holiday: out of hours whenever the test runs. */
function closedToday() {
  const day = [{ from: "09:00", to: "18:00" }];
  return {
    enabled: true,
    timezone: "UTC",
    weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    holidays: [{ date: new Date().toISOString().slice(0, 10), name: "Inventory day" }],
    out_of_hours_message: { default: "We are away today and back {{next_open}}." },
  };
}

/** The bot hands every conversation to people, then says so. */
const handoff = (_options: unknown, call: number): ScriptedReply =>
  call % 2 === 0
    ? { toolCall: { name: "handoff_to_operator", input: { reason: "the customer asks for a refund" } } }
    : { text: "A colleague will take over." };

describe.skipIf(!run)("an operator's day in the console", () => {
  let t: TestApp;
  let fake: TelegramFake;
  let browser: Browser;
  let page: Page;
  let base: string;
  let hookUrl: string;
  let chatId: string;
  let telegramChatId: string;
  let visitor: { token: string; threadId: string };

  beforeAll(async () => {
    ensureConsoleBuilt();
    fake = await new TelegramFake().start();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const mock = scriptedModel(handoff as Parameters<typeof scriptedModel>[0]);
    t = await createTestApp({
      env: { ...fake.env, PARLEY_PUBLIC_URL: base },
      modelOverride: () => mock.model,
    });
    await t.app.listen({ host: "127.0.0.1", port });

    // The website widget (bot "Helper") and a Telegram bot bound to the same bot.
    const { bot, chat } = await activeChat(t);
    chatId = chat.id;
    await ok(t.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } }));
    await ok(
      t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { tools: { handoff_to_operator: "auto" } } },
      }),
    );
    const telegram = await ok(
      t.call("POST", "/v1/integrations", {
        body: { name: "tg", vendor: "telegram", auth_data: fake.authData() },
      }),
    );
    const telegramChat = await ok(
      t.call("POST", `/v1/integrations/${telegram.id}/chats`, { body: { bot_id: bot.id, name: "dm" } }),
    );
    telegramChatId = telegramChat.id;
    await ok(
      t.call("POST", `/v1/integrations/${telegram.id}/chats/${telegramChat.id}/status`, {
        body: { status: "active" },
      }),
    );
    const registered = await eventually(
      async () => fake.registeredHookUrl(),
      (url) => url !== undefined,
    );
    if (!registered) throw new Error("Parley never registered the Telegram webhook");
    hookUrl = registered;

    // The team's setup: hours, auto-assignment, CSAT, and a canned response.
    await ok(t.call("POST", "/v1/business_hours", { body: closedToday() }));
    await ok(t.call("POST", "/v1/routing", { body: { auto_assign: true } }));
    await ok(t.call("POST", "/v1/csat", { body: { enabled: true } }));
    await ok(
      t.call("POST", "/v1/canned_responses", {
        body: {
          short_code: "refund",
          title: "Refund on its way",
          content: "Hi {{contact.first_name|there}}, your refund is on its way. {{operator.name}}",
        },
      }),
    );

    browser = await launchChromium();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await fake?.close();
  });

  /** Awaits an API call that must succeed; answers its object (the callers read `id`). */
  async function ok(pending: ReturnType<TestApp["call"]>): Promise<{ id: string }> {
    const response = await pending;
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function widget(method: "GET" | "POST", url: string, body?: unknown, token?: string) {
    return t.app.inject({
      method,
      url,
      headers: {
        origin: SITE,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  /** What the visitor's widget shows: every message's text, oldest first. */
  async function visitorSees(): Promise<string[]> {
    const response = await widget("GET", "/widget/v1/messages", undefined, visitor.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data?: Array<{ content: string }> } | Array<{ content: string }>;
    return (Array.isArray(body) ? body : (body.data ?? [])).map((message) => message.content);
  }

  const thread = async () => (await t.call("GET", `/v1/threads/${visitor.threadId}`)).json();
  const testId = (id: string) => page.locator(`[data-testid="${id}"]`);
  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, name) });
  };

  it("takes a conversation from an out-of-hours hand-off to a rated, reopened and merged one", async () => {
    // 08:00 — the operator signs in; the console keeps them online for routing.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await testId("signed-in-user").waitFor({ state: "attached" });

    // A visitor asks for a person out of hours: told when people are back, routed to the operator.
    const session = (await widget("POST", `/widget/v1/chats/${chatId}/sessions`, {})).json();
    visitor = { token: session.visitor_token, threadId: session.thread_id };
    const asked = await widget(
      "POST",
      "/widget/v1/messages",
      { text: "I want my money back" },
      visitor.token,
    );
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const handedOff = await eventually(thread, (th) => th.mode === "manual" && th.assignee !== null);
    const me = (await t.call("GET", "/v1/operators"))
      .json()
      .data.find((operator: { email: string }) => operator.email === ADMIN_EMAIL);
    expect(handedOff).toMatchObject({ mode: "manual", status: "open", assignee: { id: me.id } });
    const away = await eventually(visitorSees, (texts) =>
      texts.some((text) => text.startsWith("We are away")),
    );
    expect(away.find((text) => text.startsWith("We are away"))).toMatch(
      /^We are away today and back .+ at 09:00\.$/,
    );

    // The inbox shows it, assigned, with the bot's out-of-hours notice in the timeline.
    await page.goto(`${base}/console/inbox/${visitor.threadId}`);
    const row = page.locator(`[data-testid="thread-row"][data-thread-id="${visitor.threadId}"]`);
    await row.waitFor();
    await page.locator('[data-testid="message"]', { hasText: "We are away today" }).first().waitFor();
    expect(await page.locator("main").innerText()).toContain(me.name ?? ADMIN_EMAIL);

    // A private note for the team: in the timeline, never shown to the visitor.
    await testId("composer-mode").getByText("Private note").click();
    await testId("note-input").fill("Order 1042, paid twice. Refund approved.");
    await testId("note-save").click();
    await page.locator('[data-testid="note"]', { hasText: "Order 1042" }).waitFor();
    await shot("console-day-note.png");

    // The reply from a canned response: `/ref` picks it, the variables are filled when sent.
    await testId("composer-mode").getByText("Reply").click();
    const composer = testId("composer-input");
    await composer.click();
    await composer.pressSequentially("/ref");
    await testId("canned-option").first().waitFor();
    await page.keyboard.press("Enter");
    expect(
      await pageCondition(
        page,
        `document.querySelector('[data-testid="composer-input"]').value.includes("refund is on its way")`,
        10_000,
      ),
    ).toBe(true);
    await testId("composer-send").click();
    const reply = await eventually(visitorSees, (texts) =>
      texts.some((text) => text.includes("refund is on its way")),
    );
    const sent = reply.find((text) => text.includes("refund is on its way"))!;
    expect(sent).toMatch(/^Hi there, your refund is on its way\. \S/);
    expect(sent).not.toContain("{{");
    expect(reply.join("\n")).not.toContain("Order 1042");

    // Resolved from the header: the visitor is asked to rate.
    await testId("status-actions").getByRole("button", { name: "Resolve" }).click();
    const resolved = await eventually(thread, (th) => th.status === "resolved");
    expect(resolved.status).toBe("resolved");
    await testId("status-actions").getByRole("button", { name: "Reopen" }).waitFor();
    // The Open tab is empty now, and says so (not "no conversations yet, connect a channel").
    await page.getByText("No open conversations").waitFor();
    expect(await page.getByText("Connect a channel").count()).toBe(0);
    await eventually(visitorSees, (texts) => texts.some((text) => /rate/i.test(text)));

    // The visitor rates it 5: the thread stays resolved, the console shows the rating.
    const rated = await widget(
      "POST",
      "/widget/v1/messages",
      { text: "5 thanks, quick help" },
      visitor.token,
    );
    expect(rated.statusCode, rated.body).toBeLessThan(300);
    await testId("thread-csat").filter({ hasText: "5" }).waitFor();
    expect((await thread()).status).toBe("resolved");
    await shot("console-day-rated.png");

    // The next morning the visitor writes again: the conversation reopens, live in the console.
    const again = await widget(
      "POST",
      "/widget/v1/messages",
      { text: "Can I change the card?" },
      visitor.token,
    );
    expect(again.statusCode, again.body).toBeLessThan(300);
    await page.locator('[data-testid="message"]', { hasText: "Can I change the card?" }).waitFor();
    await testId("status-actions").getByRole("button", { name: "Resolve" }).waitFor();
    expect((await thread()).status).toBe("open");

    // The same customer writes from Telegram: a second contact, merged into the first by hand.
    await fake.deliverText({
      hookUrl,
      userId: "777",
      userName: "Ann Telegram",
      text: "It's me again, from Telegram",
    });
    const telegramThread = await eventually(
      () =>
        t.storage.db
          .selectFrom("threads")
          .select(["id", "person_id"])
          .where("chat_id", "=", telegramChatId)
          .executeTakeFirst(),
      (found) => found?.person_id != null,
    );
    const contactId = (await thread()).person.id as string;
    await page.goto(`${base}/console/contacts/${contactId}`);
    await testId("merge-button").click();
    await testId("merge-pick").click();
    await testId("merge-pick").fill("Ann");
    await page.getByRole("option", { name: /Ann Telegram/ }).click();
    await testId("merge-summary").waitFor();
    await testId("merge-confirm").click();
    const threads = testId("contact-threads");
    await threads.locator(`a[href*="${telegramThread!.id}"], :text("It's me again")`).first().waitFor();
    await shot("console-day-merged.png");
    // Each conversation and identity is named by its channel as the inbox names it.
    expect(await threads.textContent()).toContain("Website widget");
    expect(await threads.textContent()).toContain("Telegram");
    expect(await page.locator("main").getByText("Website widget", { exact: true }).count()).toBeGreaterThan(
      1,
    );
    const merged = (await t.call("GET", `/v1/contacts/${contactId}/threads`)).json().data as Array<{
      id: string;
    }>;
    expect(merged.map((th) => th.id).sort()).toEqual([visitor.threadId, telegramThread!.id].sort());
    const contact = (await t.call("GET", `/v1/contacts/${contactId}`)).json();
    expect(contact.channels).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: "telegram", id: "777" })]),
    );
    expect((await t.call("GET", `/v1/contacts/${telegramThread!.person_id}`)).json().code).toBe(
      "contact_merged",
    );
    await context.close();
  }, 180_000);
});

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, ensureConsoleBuilt, launchChromium, pageCondition } from "../helpers/browser.js";
import { eventually, streamTurn } from "../helpers/conversation-fixtures.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The operator console in a real browser (Debian's Chromium, headless) against a real Parley on
 * loopback with a scripted model: what a person does on their first day (docs/console.md).
 * PARLEY_SCREENSHOTS=1 writes the README's screenshots to docs/images.
 */
const run = browserAvailable("console browser tests");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;

describe.skipIf(!run)("operator console in Chromium", () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  // Real time, shifted by the expiry test.
  let offset = 0;
  const state: { botId?: string; chatId?: string; operator?: Page } = {};
  // While true, the model provider is down (the failed-replies test).
  let modelDown = false;

  beforeAll(async () => {
    ensureConsoleBuilt();
    // The bot echoes; asked to remember something it calls the memory tool, then confirms.
    const mock = scriptedModel((options): ScriptedReply => {
      if (modelDown) return { error: new Error("invalid request") };
      if (options.prompt.some((m) => m.role === "tool")) return { text: "Saved to memory." };
      const text = lastUserText(options);
      if (/remember/i.test(text)) {
        return { toolCall: { name: "update_working_memory", input: { markdown: "- Name: Ann" } } };
      }
      return { text: `Echo: ${text}` };
    });
    t = await createTestApp({
      modelOverride: () => mock.model,
      clock: { now: () => new Date(Date.now() + offset) },
    });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    browser = await launchChromium();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function newPage(width = 1280, height = 800): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function signInAs(page: Page, email: string, password: string, expectSuccess = true): Promise<void> {
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    if (expectSuccess) await page.locator('[data-testid="signed-in-user"]').waitFor({ state: "attached" });
  }

  const testId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

  it("refuses a wrong password; the admin signs in and adds an operator", async () => {
    const page = await newPage();
    await signInAs(page, ADMIN_EMAIL, "not-the-password", false);
    await testId(page, "sign-in-error").waitFor();
    expect(await testId(page, "sign-in-error").innerText()).toContain("wrong");

    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await testId(page, "signed-in-user").waitFor({ state: "attached" });

    await page.goto(`${base}/console/team`);
    await testId(page, "add-operator-button").click();
    await testId(page, "operator-name-input").fill("Olga");
    await testId(page, "operator-email-input").fill("olga@example.com");
    await testId(page, "operator-password-input").fill("olga-password-1");
    await testId(page, "operator-role-select").selectOption("operator");
    await testId(page, "operator-submit").click();
    await page.locator('[data-testid="operator-row"]', { hasText: "olga@example.com" }).waitFor();
    const people = (await t.call("GET", "/v1/operators")).json().data;
    expect(people.map((p: { email: string; role: string }) => [p.email, p.role]).sort()).toEqual([
      [ADMIN_EMAIL, "admin"],
      ["olga@example.com", "operator"],
    ]);
    await page.context().close();
  }, 90_000);

  it("creates a bot and shows the API's validation error at the settings field", async () => {
    const page = await newPage();
    await signInAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${base}/console/bots`);
    await testId(page, "create-bot-button").click();
    await testId(page, "bot-name-input").fill("Support");
    await testId(page, "bot-create-submit").click();
    const bot = await eventually(
      async () => (await t.call("GET", "/v1/bots")).json()[0],
      (value) => value !== undefined,
    );
    state.botId = bot.id;
    await page.goto(`${base}/console/bots/${bot.id}`);
    const temperature = page.getByLabel("Temperature");
    await temperature.fill("5");
    await testId(page, "settings-save").click();
    await page.locator('input[aria-invalid="true"]').first().waitFor();
    expect(await temperature.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await temperature.getAttribute("aria-describedby")) ?? "";
    const errorText = await page
      .locator(`[id="${describedBy.split(" ").find((id) => id.includes("error"))}"]`)
      .innerText();
    expect(errorText).toMatch(/at most|less than|2/);
    // Nothing was stored: the editor saves to the bot's draft (docs/quality.md, "Versions"), and
    // no draft was made; the published settings are untouched.
    const draft = (await t.call("GET", `/v1/bots/${bot.id}/draft`)).json();
    expect(draft.version).toBeNull();
    const settings = (await t.call("GET", `/v1/bots/${bot.id}/settings`)).json();
    expect(settings.ai?.model?.temperature ?? null).not.toBe(5);
    await page.context().close();
  }, 90_000);

  it("connects the API channel and binds an active chat to the bot", async () => {
    const page = await newPage();
    await signInAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${base}/console/channels`);
    await testId(page, "connect-channel-button").click();
    await testId(page, "vendor-select").selectOption("parley");
    await testId(page, "integration-submit").click();
    const integration = await eventually(
      async () => (await t.call("GET", "/v1/integrations")).json()[0],
      (value) => value !== undefined,
    );
    await page.goto(`${base}/console/channels/${integration.id}`);
    await testId(page, "create-chat-button").click();
    await testId(page, "chat-name-input").fill("Website");
    await testId(page, "chat-bot-select").selectOption(state.botId!);
    await testId(page, "chat-submit").click();
    await testId(page, "chat-row").first().waitFor();
    const chat = await eventually(
      async () => {
        const chats = (await t.call("GET", "/v1/chats")).json();
        return chats.find(
          (c: { name: string; status: string }) => c.name === "Website" && c.status === "active",
        );
      },
      (value) => value !== undefined,
    );
    expect(chat.bot_id).toBe(state.botId);
    state.chatId = chat.id;
    await page.context().close();
  }, 90_000);

  it("the operator sees a message arrive live, takes over, replies, and hands back", async () => {
    const page = await newPage();
    state.operator = page;
    await signInAs(page, "olga@example.com", "olga-password-1");
    await testId(page, "live-indicator").waitFor();
    await page.waitForSelector('[data-testid="live-indicator"][data-status="live"]');

    await streamTurn(t, state.chatId!, "live-1", "Hello, is anyone there?");
    const row = page.locator('[data-testid="thread-row"][data-thread-id="live-1"]');
    await row.waitFor();
    await row.click();
    await page.locator('[data-testid="message"][data-author="user"]', { hasText: "anyone there" }).waitFor();
    await page.locator('[data-testid="message"][data-author="bot"]', { hasText: "Echo: Hello" }).waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "console-inbox.png") });

    await testId(page, "take-over-button").click();
    await page.waitForSelector('[data-testid="thread-mode"][data-mode="manual"]');
    // While a person has the thread, the user's next message waits for them, live.
    await streamTurn(t, state.chatId!, "live-1", "I need a human, please");
    await page.locator('[data-testid="message"][data-author="user"]', { hasText: "need a human" }).waitFor();

    await testId(page, "composer-input").fill("Hi, this is Olga. How can I help?");
    await testId(page, "composer-send").click();
    await page
      .locator('[data-testid="message"][data-author="operator"]', { hasText: "this is Olga" })
      .waitFor();
    const messages = (await t.call("GET", "/v1/threads/live-1/messages")).json();
    expect(messages.at(-1)).toMatchObject({ author: "operator", operator: { name: "Olga" } });
    const thread = (await t.call("GET", "/v1/threads/live-1")).json();
    expect(thread).toMatchObject({
      taken_over_by: { type: "operator", name: "Olga" },
      assignee: { name: "Olga" },
    });
    // The inbox stayed connected through all of it.
    await page.waitForSelector('[data-testid="live-indicator"][data-status="live"]', { timeout: 20_000 });
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "console-thread.png") });

    await testId(page, "hand-back-button").click();
    await page.waitForSelector('[data-testid="thread-mode"][data-mode="auto"]');
    expect((await t.call("GET", "/v1/threads/live-1")).json().mode).toBe("auto");
  }, 120_000);

  it("the operator approves a tool call the bot asked for", async () => {
    const page = state.operator!;
    await t.call("POST", `/v1/bots/${state.botId}/settings`, {
      body: { ai: { tools: { update_working_memory: "operator_approve" } } },
    });
    await streamTurn(t, state.chatId!, "approve-1", "Please remember that my name is Ann");
    const row = page.locator('[data-testid="thread-row"][data-thread-id="approve-1"]');
    await row.waitFor();
    await row.click();
    await testId(page, "approval").waitFor();
    await testId(page, "approve-button").click();
    await page
      .locator('[data-testid="message"][data-author="bot"]', { hasText: "Saved to memory." })
      .waitFor();
    await testId(page, "approval").waitFor({ state: "detached" });
    expect((await t.call("GET", "/v1/threads/approve-1/memory")).json().content).toBe("- Name: Ann");
  }, 90_000);

  it("a reply the AI gave up on is marked live, with the reason; Retry answers it and clears the mark", async () => {
    const page = state.operator!;
    modelDown = true;
    await streamTurn(t, state.chatId!, "failed-1", "Where is my parcel?");
    const row = page.locator('[data-testid="thread-row"][data-thread-id="failed-1"]');
    await row.waitFor();
    await row.click();
    await page.locator('[data-testid="message"][data-unanswered="true"]', { hasText: "my parcel" }).waitFor();
    expect(await testId(page, "reply-failure").innerText()).toContain("The model provider failed");
    // Live: the next failure marks the new message too, without a reload.
    await streamTurn(t, state.chatId!, "failed-1", "Hello?");
    await page.locator('[data-testid="message"][data-unanswered="true"]', { hasText: "Hello?" }).waitFor();
    expect(await page.locator('[data-testid="message"][data-unanswered="true"]').count()).toBe(2);
    await testId(page, "reply-take-over-button").waitFor();

    modelDown = false;
    await testId(page, "reply-retry-button").click();
    await page.locator('[data-testid="message"][data-author="bot"]', { hasText: "Echo: Hello?" }).waitFor();
    await testId(page, "reply-failure").waitFor({ state: "detached" });
    expect(await page.locator('[data-testid="message"][data-unanswered="true"]').count()).toBe(0);
    expect((await t.call("GET", "/v1/threads/failed-1")).json().reply_failure).toBeNull();
  }, 90_000);

  it("opens the webhooks, billing and knowledge panes, and speaks Russian", async () => {
    const page = await newPage();
    await signInAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const [path, handle] of [
      ["webhooks", "create-webhook-button"],
      ["billing", "balance"],
      ["knowledge", "create-store-button"],
    ] as const) {
      await page.goto(`${base}/console/${path}`);
      await testId(page, handle).first().waitFor();
      expect(await page.locator('[role="alert"]').count(), path).toBe(0);
      if (path === "billing") expect(await testId(page, "balance").innerText()).toMatch(/\d/);
    }
    await page.getByText("RU", { exact: true }).click();
    await page.getByRole("link", { name: "Входящие" }).waitFor();
    await page.context().close();
  }, 60_000);

  it("reads at phone size", async () => {
    const page = await newPage(390, 844);
    await signInAs(page, "olga@example.com", "olga-password-1");
    await page.locator('[data-testid="thread-row"]').first().waitFor();
    // The layout settles once the phone breakpoint has re-rendered the shell, which on a loaded
    // machine can come after the first row: wait for that, then read the final overflow.
    await pageCondition(page, "document.documentElement.scrollWidth <= window.innerWidth", 20_000);
    const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth");
    expect(overflow as number).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "console-phone.png") });
    await page.context().close();
  }, 60_000);

  it("an expired session sends the person back to sign in", async () => {
    const page = state.operator!;
    offset += 13 * 60 * 60 * 1000; // past the default 12 h
    await page.reload();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.context().close();
  }, 60_000);
});

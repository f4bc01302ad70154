import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, ensureConsoleBuilt, launchChromium, pageCondition } from "../helpers/browser.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { MEASURE, type Unreadable } from "../helpers/readability.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The console reads well for a newcomer (docs/console.md, "Reading the inbox"): conversations are
 * named by the person or as "Visitor 12 · Website widget", rows say the channel and the bot, the
 * pending badge says what it counts, bot Markdown is rendered, the widget channel is named and
 * shows its next steps; and no main page overflows sideways or cuts a label, at desktop and at
 * phone width. PARLEY_SCREENSHOTS=1 writes the screenshots docs/console.md shows.
 */
const run = browserAvailable("console readability browser tests");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;
const SITE = "https://shop.example";
const WIDTHS = [1280, 390] as const;

describe.skipIf(!run)("the console reads well", () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const ids: { bot?: string; integration?: string; chat?: string; widgetThread?: string } = {};

  beforeAll(async () => {
    ensureConsoleBuilt();
    // The bot answers in Markdown, as models do.
    const mock = scriptedModel(
      (options): ScriptedReply => ({
        text: `**Thanks!** You asked: *${lastUserText(options)}*. See [our shipping page](https://shop.example/shipping).`,
      }),
    );
    t = await createTestApp({ modelOverride: () => mock.model });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

    // The website widget channel (activeChat: bot "Helper", channel "Web", chat "site").
    const { chat } = await activeChat(t);
    ids.chat = chat.id;
    ids.bot = chat.bot_id;
    ids.integration = chat.integration_id;
    await t.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    // Tools on, so the editor's policy selects show their longest words.
    const tools = { update_working_memory: "operator_approve", get_current_time: "user_approve" };
    expect(
      (await t.call("POST", `/v1/bots/${chat.bot_id}/settings`, { body: { ai: { tools } } })).statusCode,
    ).toBe(200);
    // An anonymous visitor writes in the widget, as the widget's script would.
    const session = (await widget("POST", `/widget/v1/chats/${chat.id}/sessions`, {})).json();
    await widget("POST", "/widget/v1/messages", { text: "Do you ship to Berlin?" }, session.visitor_token);
    ids.widgetThread = session.thread_id;
    // Taken over: the visitor's next message waits for an operator (the row's badge).
    await t.call("POST", `/v1/threads/${session.thread_id}/mode`, { body: { mode: "manual" } });
    await widget("POST", "/widget/v1/messages", { text: "Hello?" }, session.visitor_token);
    // Someone the API named.
    await streamTurn(t, chat.id, "api-ann", "Where is my order?", {
      extra: { person: { external_id: "customer-7", name: "Ann Lee" } },
    });
    browser = await launchChromium();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  function widget(method: "POST", url: string, body: unknown, token?: string) {
    return t.app.inject({
      method,
      url,
      headers: {
        origin: SITE,
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify(body),
    });
  }

  async function signedIn(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 844 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator('[data-testid="signed-in-user"]').waitFor({ state: "attached" });
    return page;
  }

  const testId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);
  const widgetRow = (page: Page) =>
    page.locator(`[data-testid="thread-row"][data-thread-id="${ids.widgetThread}"]`);

  /** Opens a console path and waits for what shows it is drawn. */
  async function open(page: Page, path: string, ready: string): Promise<void> {
    await page.goto(`${base}/console/${path}`);
    await page.locator(ready).first().waitFor();
    // Fonts, the data still loading and the phone breakpoint's re-render settle before measuring
    // (as in console.test.ts): wait for no sideways overflow, then measure what is left.
    await page.evaluate("document.fonts.ready");
    await pageCondition(
      page,
      "document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth",
      10_000,
    );
  }

  it("names a widget conversation the same in the row and the header, with its channel and bot", async () => {
    const page = await signedIn(1280);
    await open(page, `inbox/${ids.widgetThread}`, '[data-testid="thread-name"]');
    const row = widgetRow(page);
    await row.waitFor();
    const rowName = await row.locator('[data-testid="thread-name"]').innerText();
    const header = page.locator("main h2[data-testid=thread-name]");
    expect(rowName).toMatch(/^Visitor \d{1,4} · Website widget$/);
    expect(await header.innerText()).toBe(rowName);
    expect(await row.locator('[data-testid="thread-channel"]').innerText()).toContain("Website widget");
    expect(await row.locator('[data-testid="thread-bot"]').innerText()).toContain("Helper");
    // The named person is named, the same way in both places.
    const ann = page.locator('[data-testid="thread-row"][data-thread-id="api-ann"]');
    expect(await ann.locator('[data-testid="thread-name"]').innerText()).toBe("Ann Lee");
    expect(await ann.locator('[data-testid="thread-channel"]').innerText()).toContain("Parley API");

    // The badge says what it counts, in words and to assistive technology.
    const badge = row.locator('[data-testid="thread-pending"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe("1 waiting");
    expect(await badge.getAttribute("aria-label")).toMatch(/^1 waiting for an operator: messages the AI/);

    // The bot's Markdown is rendered, not shown as asterisks; its link opens safely.
    const reply = page.locator('[data-testid="message"][data-author="bot"]').first();
    await reply.waitFor();
    expect(await reply.locator("strong").first().innerText()).toBe("Thanks!");
    expect(await reply.innerText()).not.toContain("**");
    const link = reply.locator("a", { hasText: "our shipping page" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener noreferrer");
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "console-conversation-names.png") });
    await page.context().close();
  }, 60_000);

  it("names the widget channel and shows its next steps, with no credentials or profile to check", async () => {
    const page = await signedIn(1280);
    await open(page, "channels", '[data-testid="integration-row"]');
    expect(await testId(page, "integration-row").first().innerText()).toContain("Website widget");
    await open(page, `channels/${ids.integration}`, '[data-testid="widget-steps"]');
    expect(await page.getByRole("button", { name: "Check profile" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Replace credentials" }).count()).toBe(0);
    const settings = testId(page, "widget-settings-button");
    expect(await settings.innerText()).toBe("Widget settings");
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "console-widget-channel.png") });
    // A toast leaves the drawer's title readable (making the identity secret shows one).
    await settings.click();
    const title = page.locator(".mantine-Drawer-title");
    await title.waitFor();
    await testId(page, "widget-secret-button").click();
    await page.getByRole("dialog").getByRole("button", { name: "Generate", exact: true }).click();
    const toast = page.locator(".mantine-Notification-root").first();
    await toast.waitFor();
    const [a, b] = [await title.boundingBox(), await toast.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlap =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap, "the toast covers the drawer's title").toBe(false);
    await page.context().close();
  }, 60_000);

  for (const width of WIDTHS) {
    it(`no main page overflows sideways or cuts a label at ${width} px`, async () => {
      const page = await signedIn(width);
      const pages: Array<[string, string]> = [
        [`inbox/${ids.widgetThread}`, '[data-testid="message"]'],
        ["inbox", '[data-testid="thread-row"]'],
        ["bots", '[data-testid="create-bot-button"]'],
        [`bots/${ids.bot}`, '[data-testid="settings-save"]'],
        [`bots/${ids.bot}?tab=versions`, '[data-testid="version-row"]'],
        [`bots/${ids.bot}?tab=evals`, '[data-testid="run-form"]'],
        ["channels", '[data-testid="integration-row"]'],
        [`channels/${ids.integration}`, '[data-testid="chat-row"]'],
        ["billing", '[data-testid="balance"]'],
        ["contacts", '[data-testid="add-contact-button"]'],
        ["canned", '[data-testid="create-canned"]'],
        ["team", '[data-testid="operator-row"]'],
      ];
      const found: string[] = [];
      for (const [path, ready] of pages) {
        await open(page, path, ready);
        const seen = (await page.evaluate(MEASURE)) as Unreadable;
        if (seen.overflow > 0) found.push(`${path}: the page scrolls sideways by ${seen.overflow} px`);
        for (const item of seen.clipped) found.push(`${path}: ${item}`);
        await page.screenshot({
          path: `/tmp/shot-${width}-${path.replace(/\//g, "_")}.png`,
          fullPage: true,
        });
        if (SHOTS && width === 390 && path === "inbox") {
          await page.screenshot({ path: join(SHOTS, "console-phone-inbox.png") });
        }
      }
      expect(found).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});

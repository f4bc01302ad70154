import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, ensureConsoleBuilt, launchChromium } from "../helpers/browser.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * "Why this answer" in the inbox (docs/console.md, "Why this answer"), in Chromium against a real
 * Parley: a bot message opens the trace of its turn — the window it read, its model requests
 * and its tool call. PARLEY_SCREENSHOTS=1 writes the screenshot docs/quality.md shows.
 */
const run = browserAvailable("why-this-answer browser tests");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;

describe.skipIf(!run)("console: why this answer", () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    ensureConsoleBuilt();
    const mock = scriptedModel((options): ScriptedReply => {
      if (!options.prompt.some((m) => m.role === "tool"))
        return { toolCall: { name: "get_current_time", input: { time_zone: "Europe/Berlin" } } };
      return { text: `It is a quarter past ten in Berlin. (${lastUserText(options)})` };
    });
    t = await createTestApp({ modelOverride: () => mock.model });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const { chat, bot } = await activeChat(t);
    const set = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { get_current_time: "auto" } } },
    });
    expect(set.statusCode).toBe(200);
    await streamTurn(t, chat.id, "why-1", "What time is it in Berlin?");
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function inbox(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator('[data-testid="signed-in-user"]').waitFor({ state: "attached" });
    await page.goto(`${base}/console/inbox/why-1`);
    return page;
  }

  it.each([1280, 390])("a bot message opens its turn's trace (%i px wide)", async (width) => {
    const page = await inbox(width);
    const bot = page.locator('[data-testid="message"][data-author="bot"]').last();
    await bot.waitFor();
    // Only the AI's messages have the button.
    expect(
      await page
        .locator('[data-testid="message"][data-author="user"] [data-testid="why-this-answer"]')
        .count(),
    ).toBe(0);
    await bot.locator('[data-testid="why-this-answer"]').click();
    const trace = page.locator('[data-testid="trace"]');
    await trace.waitFor();
    const text = await trace.innerText();
    expect(text.toLowerCase()).toContain("replied");
    expect(text).toContain("openai/gpt-5");
    // The window quotes the person's message by its text.
    expect(await page.locator('[data-testid="trace-window"]').innerText()).toContain(
      "What time is it in Berlin?",
    );
    // Two requests: the tool call's step and the answer's.
    expect(await page.locator('[data-testid="trace-requests"] tbody tr').count()).toBe(2);
    const tool = page.locator('[data-testid="trace-tool"]');
    expect(await tool.innerText()).toContain("get_current_time");
    await tool.locator("summary").click();
    expect(await tool.innerText()).toContain("Europe/Berlin");
    const overflow = (await page.evaluate(
      `(() => { const d = document.querySelector(".mantine-Drawer-body"); return d ? d.scrollWidth - d.clientWidth : -1; })()`,
    )) as number;
    expect(overflow).toBeGreaterThanOrEqual(0);
    expect(overflow).toBeLessThanOrEqual(1);
    if (SHOTS && width === 1280) await page.screenshot({ path: join(SHOTS, "console-why-this-answer.png") });
    await page.context().close();
  });
});

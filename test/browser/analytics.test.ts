import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../src/infra/clock.js";
import { browserAvailable, ensureConsoleBuilt, launchChromium, pageCondition } from "../helpers/browser.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";
import { keywordScript, PRICED_ENV } from "../modules/analytics/analytics-fixtures.js";

/**
 * The analytics dashboard in Chromium (docs/quality.md, "Analytics"): ten days of conversations
 * — answered, handed to a person who answers minutes later, failed, with tool calls — read in
 * the browser's time zone, filtered by bot, downloaded as CSV, in English and Russian, without
 * sideways overflow at desktop and phone width. PARLEY_SCREENSHOTS=1 writes
 * docs/images/analytics-dashboard.png.
 */
const run = browserAvailable("analytics browser tests");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;
const DAY_MS = 86_400_000;
const DAYS = 10;

/** The real clock moved back by `behindMs`: the conversations of past days, with real reply times. */
class ShiftedClock implements Clock {
  behindMs = 0;
  now(): Date {
    return new Date(Date.now() - this.behindMs);
  }
}

describe.skipIf(!run)("the analytics dashboard in Chromium", () => {
  let browser: Browser;
  let t: TestApp;
  let base: string;
  let conversations = 0;
  let secondBot: { id: string; name: string };

  beforeAll(async () => {
    ensureConsoleBuilt();
    browser = await launchChromium();
    const clock = new ShiftedClock();
    const random = seededRandom(11);
    // Replies take 50–400 ms of real time: the bot's first response times.
    const script = keywordScript();
    const model = scriptedModel((options) => ({
      ...script(options),
      delayMs: 50 + Math.floor(random() * 350),
    }));
    t = await createTestApp({ env: PRICED_ENV, clock, modelOverride: () => model.model });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const { chat, bot } = await activeChat(t);
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { handoff_to_operator: "auto", get_current_time: "auto" } } },
    });
    const other = await activeChat(t);
    await t.call("POST", `/v1/bots/${other.bot.id}`, { body: { name: "Sales" } });
    secondBot = { id: other.bot.id, name: "Sales" };

    for (let day = DAYS - 1; day >= 0; day--) {
      clock.behindMs = day * DAY_MS + 2 * 3_600_000;
      const n = 2 + Math.floor(random() * 3);
      for (let i = 0; i < n; i++) {
        const id = `d${day}-${i}`;
        const kind = random();
        conversations++;
        if (kind < 0.2) {
          await streamTurn(t, chat.id, id, "a person please");
          clock.behindMs -= (2 + Math.floor(random() * 8)) * 60_000;
          await t.call("POST", `/v1/threads/${id}/send`, { body: { text: "Hello, I can help." } });
        } else if (kind < 0.3) {
          await streamTurn(t, chat.id, id, "break it");
        } else if (kind < 0.5) {
          await streamTurn(t, chat.id, id, "what does the clock say");
        } else if (kind < 0.65) {
          await streamTurn(t, other.chat.id, id, "hello");
        } else {
          await streamTurn(t, chat.id, id, "hello");
        }
      }
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function dashboard(width: number, locale: string): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale,
      timezoneId: "Europe/Moscow",
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="signed-in-user"]').waitFor({ state: "attached" });
    await page.goto(`${base}/console/analytics`);
    await page.locator('[data-testid="analytics-card-conversations"]').waitFor();
    await page
      .locator('[data-testid="analytics-chart-conversations"] .recharts-bar-rectangle')
      .first()
      .waitFor();
    return page;
  }

  const cardValue = (page: Page, id: string) =>
    page.locator(`[data-testid="analytics-card-${id}"] [data-testid="analytics-card-value"]`).innerText();

  /** No sideways scrolling, once fonts and charts have settled. */
  async function expectNoOverflow(page: Page): Promise<void> {
    await page.evaluate("document.fonts.ready");
    await pageCondition(page, "document.documentElement.scrollWidth <= window.innerWidth", 10_000);
    expect(
      await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
    ).toBeLessThanOrEqual(0);
  }

  it("the last 30 days in the browser's zone: totals, charts, breakdowns, a bot filter and the CSV", async () => {
    const page = await dashboard(1280, "en-US");
    expect(await page.getByRole("link", { name: "Analytics" }).count()).toBe(1);
    expect(await page.locator('[data-testid="analytics-time-zone"]').inputValue()).toBe("Europe/Moscow");
    expect(await cardValue(page, "conversations")).toBe(String(conversations));
    for (const chart of ["conversations", "rates", "response", "cost"]) {
      await page.locator(`[data-testid="analytics-chart-${chart}"] svg.recharts-surface`).first().waitFor();
    }
    // Tool calls and failures of the conversations above are listed by name.
    const tools = page.locator('[data-testid="analytics-breakdown-tools"]');
    expect(await tools.innerText()).toContain("get_current_time");
    expect(await page.locator('[data-testid="analytics-breakdown-handoffs"]').innerText()).toContain(
      "The bot asked for a person",
    );
    expect(await page.locator('[data-testid="analytics-breakdown-failures"]').innerText()).toContain(
      "model_error",
    );
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await expectNoOverflow(page);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "analytics-dashboard.png"), fullPage: true });

    // The CSV of what is shown: the same filters, one line per day, as a download.
    const href = await page.locator('[data-testid="analytics-csv"]').getAttribute("href");
    expect(href).toMatch(
      /^\/v1\/analytics\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&time_zone=Europe%2FMoscow$/,
    );
    const csv = await page.request.get(`${base}${href}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="parley-analytics_/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(31);
    const counts = lines.slice(1).map((line) => Number(line.split(",")[1]));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(conversations);

    // One bot: fewer conversations, and the CSV link follows.
    await page.locator('[data-testid="analytics-bot"]').click();
    await page.getByRole("option", { name: secondBot.name }).click();
    expect(
      await pageCondition(
        page,
        `document.querySelector('[data-testid="analytics-card-conversations"] [data-testid="analytics-card-value"]')?.textContent !== "${conversations}"`,
        30_000,
      ),
    ).toBe(true);
    expect(Number(await cardValue(page, "conversations"))).toBeLessThan(conversations);
    expect(await page.locator('[data-testid="analytics-csv"]').getAttribute("href")).toContain(
      `bot_id=${secondBot.id}`,
    );
    await page.context().close();
  }, 90_000);

  it("on a phone, in Russian: the same figures, one column, nothing off screen", async () => {
    const page = await dashboard(390, "ru-RU");
    await page.getByRole("heading", { name: "Аналитика" }).waitFor();
    expect(await cardValue(page, "conversations")).toBe(String(conversations));
    await page.getByRole("heading", { name: "Разговоры по дням" }).waitFor();
    await expectNoOverflow(page);
    await page.context().close();
  }, 90_000);
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, ensureConsoleBuilt, launchChromium } from "../helpers/browser.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The console's billing page in Chromium on two servers (docs/billing.md, "Enforcement"): one
 * without a payment provider, which shows usage and what each reply cost and offers nothing to
 * buy, and one with billing's T-Bank terminal, which offers the top-ups as before, named and
 * priced in the console's language. Every reply of the mock model costs 0.07 credits (10 input
 * and 5 output tokens at $2 and $10 per million, 1000 credits per dollar).
 */
const run = browserAvailable("billing browser tests");
const PRICED = {
  PARLEY_MODELS: JSON.stringify([{ id: "openai/gpt-5", input_price: 2, output_price: 10 }]),
  PARLEY_CREDITS_PER_USD: "1000",
  PARLEY_BILLING_WELCOME_BONUS: "0.1",
};
const TERMINAL = { PARLEY_TBANK_TERMINAL_KEY: "BillingTerminal", PARLEY_TBANK_PASSWORD: "secret" };

describe.skipIf(!run)("the billing page in Chromium", () => {
  let browser: Browser;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const app of apps) await app.close();
  });

  /** A server on loopback with the given billing configuration, and a signed-in admin's billing page. */
  async function billingPage(
    env: Record<string, string>,
    locale: string,
  ): Promise<{ t: TestApp; page: Page }> {
    const model = scriptedModel();
    const t = await createTestApp({ env: { ...PRICED, ...env }, modelOverride: () => model.model });
    apps.push(t);
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const { chat } = await activeChat(t);
    for (const text of ["one", "two"]) {
      expect((await streamTurn(t, chat.id, "thr_usage", text)).text).toBe(`Echo: ${text}`);
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="signed-in-user"]').waitFor({ state: "attached" });
    await page.goto(`${base}/console/billing`);
    await page.locator('[data-testid="transaction-row"]').first().waitFor();
    return { t, page };
  }

  it("without a payment provider: the balance, each reply's cost, and no Buy", async () => {
    const { page } = await billingPage({}, "en-US");
    // 0.1 − 2 × 0.07: the second reply went below zero, and was answered.
    expect(await page.locator('[data-testid="balance"]').innerText()).toBe("-0.04");
    await page.locator('[data-testid="credits-not-enforced"]').waitFor();
    const rows = page.locator('[data-testid="transaction-row"]');
    expect(await rows.count()).toBe(3);
    expect(await page.locator('[data-testid="transaction-amount"]').allInnerTexts()).toEqual([
      "-0.07",
      "-0.07",
      "+0.10",
    ]);
    expect(await page.locator('[data-testid="transaction-text"]').first().innerText()).toBe(
      "Reply by openai/gpt-5: 10 input + 5 output tokens",
    );
    expect(await page.locator('[data-testid="offer-buy-button"]').count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Top up" }).count()).toBe(0);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await page.context().close();
  }, 90_000);

  it("with a payment provider: the offers to buy, in Russian with prices in roubles", async () => {
    const { page } = await billingPage(TERMINAL, "ru-RU");
    await page.locator('[data-testid="offer-buy-button"]').first().waitFor();
    expect(await page.locator('[data-testid="offer-buy-button"]').count()).toBe(3);
    await page.getByRole("heading", { name: "Pro на месяц" }).waitFor();
    const card = page.locator(".mantine-Card-root", {
      has: page.getByRole("heading", { name: "1 000 кредитов" }),
    });
    expect((await card.innerText()).replace(/\s/g, " ")).toContain("990 ₽");
    expect(await page.locator('[data-testid="credits-not-enforced"]').count()).toBe(0);
    // Enforced: the two replies took the 0.1 credits and no more.
    expect((await page.locator('[data-testid="balance"]').innerText()).replace(/\s/g, " ")).toBe("0,00");
    expect(await page.locator('[data-testid="transaction-text"]').first().innerText()).toBe(
      "Ответ openai/gpt-5: 10 входных + 5 выходных токенов",
    );
    await page.context().close();
  }, 90_000);
});

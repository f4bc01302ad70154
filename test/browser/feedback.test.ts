import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserAvailable,
  ensureConsoleBuilt,
  ensureWidgetBuilt,
  launchChromium,
} from "../helpers/browser.js";
import { activeChat, eventually } from "../helpers/conversation-fixtures.js";
import { lastUserText, scriptedModel } from "../helpers/mock-model.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Rating the bot's answers in Chromium (docs/quality.md, "Feedback"): a visitor rates an answer in
 * the widget on a site's page; the operator sees that rating in the console, rates the answer
 * too and writes the better answer. PARLEY_SCREENSHOTS=1 writes docs/images/feedback-widget.png
 * and feedback-console.png.
 */
const run = browserAvailable("feedback browser tests");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;

describe.skipIf(!run)("rating answers in Chromium", () => {
  let t: TestApp;
  let browser: Browser;
  let parley: string;
  let site: { server: Server; origin: string };
  let chatId: string;

  beforeAll(async () => {
    ensureWidgetBuilt();
    ensureConsoleBuilt();
    const mock = scriptedModel((options) => ({
      text: /berlin/i.test(lastUserText(options))
        ? "We ship to many countries. Check the **shipping page** for details."
        : `Echo: ${lastUserText(options)}`,
    }));
    t = await createTestApp({ modelOverride: () => mock.model });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    parley = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    chatId = (await activeChat(t)).chat.id;
    const server = createServer((_request, response) => {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(
        `<!doctype html><html><head><title>Shop</title></head><body><h1>Our shop</h1>` +
          `<script src="${parley}/widget.js" data-chat="${chatId}" async></script></body></html>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    site = { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    await t.call("POST", `/v1/chats/${chatId}/widget`, {
      body: { allowed_origins: [site.origin], title: "Shop help", greeting: "Hello! Ask us anything." },
    });
    browser = await launchChromium();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await t?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  const feedbackRows = async () =>
    (await t.call("GET", `/v1/threads?chat_id=${chatId}`)).json().data.length > 0
      ? (
          await t.call(
            "GET",
            `/v1/threads/${(await t.call("GET", `/v1/threads?chat_id=${chatId}`)).json().data[0].id}/feedback`,
          )
        ).json().data
      : [];

  it("a visitor rates an answer 👎 with a comment; an operator sees it, rates, and writes a better answer", async () => {
    // The visitor, on the site.
    const page = await newPage();
    await page.goto(`${site.origin}/`);
    const part = (name: string) => page.locator(`[part="${name}"]`);
    await part("launcher").click();
    await part("input").fill("Do you ship to Berlin?");
    await part("send").click();
    const answer = page.locator('[part="message"][data-author="bot"][data-id]', { hasText: "shipping page" });
    await answer.waitFor();
    const down = answer.locator('[part="rate-down"]');
    expect(await down.getAttribute("aria-pressed")).toBe("false");
    expect(await down.getAttribute("aria-label")).toBe("Not helpful");
    await down.click();
    await answer.locator('[part="rate-down"][aria-pressed="true"]').waitFor();
    await answer.locator('[part="feedback-comment"]').fill("I asked about Berlin, not countries.");
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "feedback-widget.png") });
    await answer.locator('[part="feedback-send"]').click();
    await answer.locator('[part="feedback-thanks"]', { hasText: "Thank you" }).waitFor();
    const stored = await eventually(
      feedbackRows,
      (rows) => rows[0]?.comment !== undefined && rows[0].comment !== null,
    );
    expect(stored).toEqual([
      expect.objectContaining({
        source: "customer",
        rating: "down",
        comment: "I asked about Berlin, not countries.",
      }),
    ]);
    // After a reload the rating is still shown.
    await page.reload();
    await part("launcher").click();
    await page
      .locator('[part="message"][data-author="bot"][data-id] [part="rate-down"][aria-pressed="true"]')
      .waitFor();

    // The operator, in the console.
    const threadId = stored[0].thread_id as string;
    const desk = await newPage();
    await desk.goto(`${parley}/console/`);
    await desk.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await desk.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await desk.getByRole("button", { name: "Sign in" }).click();
    await desk.locator('[data-testid="signed-in-user"]').waitFor({ state: "attached" });
    await desk.goto(`${parley}/console/inbox/${threadId}`);
    const bubble = desk.locator('[data-testid="message"][data-author="bot"]');
    const customer = bubble.locator('[data-testid="feedback-entry"][data-source="customer"]');
    await customer.waitFor();
    expect(await customer.innerText()).toContain("I asked about Berlin, not countries.");

    await bubble.locator('[data-testid="suggest-answer"]').click();
    await bubble
      .locator('[data-testid="correction-input"]')
      .fill(
        "Yes, we ship to Berlin: DHL delivers in 2–3 working days, and the tracking number comes by email.",
      );
    await bubble.locator('[data-testid="comment-input"]').fill("Answer the city asked about.");
    await bubble.locator('[data-testid="correction-save"]').click();
    const mine = bubble.locator('[data-testid="feedback-entry"][data-source="operator"]');
    await mine.waitFor();
    expect(await mine.innerText()).toContain("DHL delivers in 2–3 working days");
    expect(await bubble.locator('[data-testid="rate-down"]').getAttribute("aria-pressed")).toBe("true");
    if (SHOTS) await desk.screenshot({ path: join(SHOTS, "feedback-console.png") });

    const rows = (await t.call("GET", `/v1/threads/${threadId}/feedback`)).json().data;
    expect(rows.map((f: { source: string; rating: string }) => [f.source, f.rating])).toEqual([
      ["customer", "down"],
      ["operator", "down"],
    ]);
    expect(rows[1]).toMatchObject({
      operator: { name: expect.any(String) },
      comment: "Answer the city asked about.",
      correction: expect.stringContaining("DHL"),
    });

    // The visitor changes their mind; the console shows it live.
    await page.locator('[part="message"][data-author="bot"][data-id] [part="rate-up"]').click();
    await customer.and(desk.locator('[data-rating="up"]')).waitFor();
  });
});

import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIdentity } from "../../src/modules/widget/identity.js";
import { browserAvailable, ensureWidgetBuilt, launchChromium, pageCondition } from "../helpers/browser.js";
import { activeChat } from "../helpers/conversation-fixtures.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { freePort } from "../helpers/server-process.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The web widget in Chromium (docs/widget.md): a site on a second loopback origin embeds
 * /widget.js with one script tag; a visitor talks to the bot and then to an operator.
 */
const run = browserAvailable("widget browser tests");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;

/** A 160×100 PNG, a box on blue (the upload checks an image's signature; the page checks it decodes). */
const PNG_BOX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAKAAAABkCAIAAACO1KzYAAAA0klEQVR42u3cQQ0AIAwEwcqpEuSgBJ19I6EWeJJmklVw879YuzS4MAFgARZgARZgARZgwAIswAIswAIswIAFWIAFWIAFWIAFGLAAC7AAC7AACzBgARZgARZg/Q18T+olwIABAwYMGDBgwIABAxZgwIABAwYMGDBgwIABCzBgwIABAwYMGDBgwIDJARZgwIABAwYMGDBgwIABCzBgwIABAwYMGDBgwIAFGDBgwH6yBBiwAAuwAAuwAAswYAEWYAEWYAEWYAEGLMACLMACLMACDFjDauxkta/I2iHiAAAAAElFTkSuQmCC",
  "base64",
);
const XSS = `<img src=x onerror="window.__xss=1"> and **bold** [link](javascript:alert(1))`;

/** A site: every path is a page embedding the widget with the attributes the query names. */
function site(parley: string, chatId: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://site");
    const attrs = [...url.searchParams].map(([k, v]) => ` data-${k}="${v.replace(/"/g, "&quot;")}"`).join("");
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(
      `<!doctype html><html><head><title>Shop</title></head><body><h1>Our shop</h1>` +
        `<script src="${parley}/widget.js" data-chat="${chatId}"${attrs} async></script></body></html>`,
    );
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe.skipIf(!run)("web widget in Chromium", () => {
  let t: TestApp;
  let browser: Browser;
  let parley: string;
  let chatId: string;
  let allowed: { server: Server; origin: string };
  let other: { server: Server; origin: string };
  let secret: string;
  const visitorThread: { id?: string } = {};

  beforeAll(async () => {
    ensureWidgetBuilt();
    const mock = scriptedModel((options): ScriptedReply => {
      const text = lastUserText(options);
      if (/which size/i.test(text)) {
        const buttons = [
          { label: "S" },
          { label: "M" },
          { label: "Size guide", url: "https://shop.example/sizes" },
        ];
        return { toolCall: { name: "offer_choices", input: { text: "Pick a size:", buttons } } };
      }
      return { text: /xss/i.test(text) ? XSS : `Echo: ${text}` };
    });
    // Its public address is known before it starts: signed file links point at it.
    const port = await freePort();
    parley = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PARLEY_PUBLIC_URL: parley }, modelOverride: () => mock.model });
    await t.app.listen({ host: "127.0.0.1", port });
    const { bot, chat } = await activeChat(t);
    chatId = chat.id;
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { offer_choices: "auto" } } },
    });
    allowed = await site(parley, chatId);
    other = await site(parley, chatId);
    await t.call("POST", `/v1/chats/${chatId}/widget`, {
      body: { allowed_origins: [allowed.origin], title: "Shop help", greeting: "Hello! Ask us anything." },
    });
    secret = (await t.call("POST", `/v1/chats/${chatId}/widget/identity-secret`)).json().identity_secret;
    browser = await launchChromium();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    allowed?.server.close();
    other?.server.close();
    await t?.close();
  });

  async function visit(url: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(url);
    return page;
  }
  /** The console, signed in as the admin, its live stream connected. */
  async function signedInDesk(path = ""): Promise<Page> {
    const desk = await visit(`${parley}/console/${path}`);
    await desk.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await desk.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await desk.getByRole("button", { name: "Sign in" }).click();
    await desk.waitForSelector('[data-testid="live-indicator"][data-status="live"]');
    return desk;
  }
  const part = (page: Page, name: string) => page.locator(`[part="${name}"]`);
  const message = (page: Page, author: string, text: string) =>
    page.locator(`[part="message"][data-author="${author}"]`, { hasText: text });

  it("a visitor asks and gets the bot's streamed reply; an operator takes over and answers live", async () => {
    const page = await visit(`${allowed.origin}/`);
    await part(page, "launcher").click();
    await page.getByText("Hello! Ask us anything.").waitFor();
    await part(page, "input").fill("Do you ship to Berlin?");
    await part(page, "send").click();
    await message(page, "bot", "Echo: Do you ship to Berlin?").waitFor();

    if (SHOTS) await page.screenshot({ path: join(SHOTS, "widget.png") });

    // The operator, in the console, sees the conversation arrive live and answers from there.
    const desk = await signedInDesk();
    await part(page, "input").fill("Can I talk to a person?");
    await part(page, "send").click();
    const row = desk.locator('[data-testid="thread-row"]').first();
    await row.waitFor();
    await row.click();
    await desk
      .locator('[data-testid="message"][data-author="user"]', { hasText: "talk to a person" })
      .waitFor();
    visitorThread.id = (await row.getAttribute("data-thread-id")) ?? undefined;
    await desk.locator('[data-testid="take-over-button"]').click();
    await page.getByText("You are now talking to a person").waitFor();
    await desk.locator('[data-testid="composer-input"]').fill("Hi, Admin here. Yes, we do.");
    await desk.locator('[data-testid="composer-send"]').click();
    await message(page, "operator", "Admin here").waitFor();
    await desk.context().close();

    // A reload keeps the conversation.
    await page.reload();
    await part(page, "launcher").click();
    await message(page, "user", "Do you ship to Berlin?").waitFor();
    await message(page, "operator", "Admin here").waitFor();
    await page.context().close();
  }, 90_000);

  it("renders the model's markup as text: no HTML, no script links", async () => {
    await t.call("POST", `/v1/threads/${visitorThread.id}/mode`, { body: { mode: "auto" } });
    const page = await visit(`${allowed.origin}/`);
    await part(page, "launcher").click();
    await part(page, "input").fill("show me xss");
    await part(page, "send").click();
    const reply = message(page, "bot", "onerror");
    await reply.waitFor();
    expect(await reply.innerText()).toContain('<img src=x onerror="window.__xss=1">');
    expect(await reply.locator("img").count()).toBe(0);
    expect(await reply.locator("strong").innerText()).toBe("bold");
    expect(await reply.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate("window.__xss")).toBeUndefined();
    await page.context().close();
  }, 60_000);

  it("the bot's buttons show as chips under its reply; a click answers with the chip, which then disables", async () => {
    const page = await visit(`${allowed.origin}/`);
    await part(page, "launcher").click();
    await part(page, "input").fill("Which size fits me?");
    await part(page, "send").click();
    await message(page, "bot", "Pick a size:").waitFor();
    const chip = part(page, "choice").filter({ hasText: "M" });
    await chip.waitFor();
    expect(await part(page, "choice").allInnerTexts()).toEqual(["S", "M"]);
    expect(await part(page, "choice-link").getAttribute("href")).toBe("https://shop.example/sizes");
    await chip.click();
    await page.locator(`[part="message"][data-author="user"]`, { hasText: /^M$/ }).waitFor();
    await message(page, "bot", "Echo: M").waitFor();
    expect(await chip.isDisabled()).toBe(true);
    await page.context().close();
  }, 60_000);

  it("an operator's buttons from the console show as chips in the widget; the press shows in the console as the choice", async () => {
    const page = await visit(`${allowed.origin}/`);
    await part(page, "launcher").click();
    await part(page, "input").fill("Please call me back");
    await part(page, "send").click();
    await message(page, "bot", "Echo: Please call me back").waitFor();
    const newest = (await t.call("GET", "/v1/threads?limit=1")).json().data[0] as { id: string };
    await t.call("POST", `/v1/threads/${newest.id}/mode`, { body: { mode: "manual" } });

    const desk = await signedInDesk(`inbox/${newest.id}`);
    await desk.locator('[data-testid="composer-input"]').fill("Shall we call you today?");
    await desk.locator('[data-testid="composer-add-button"]').click();
    await desk.locator('[data-testid="composer-button-label"]').nth(0).fill("Yes, call me");
    await desk.locator('[data-testid="composer-add-button"]').click();
    await desk.locator('[data-testid="composer-button-label"]').nth(1).fill("Not today");
    await desk.locator('[data-testid="composer-send"]').click();

    const chip = part(page, "choice").filter({ hasText: "Yes, call me" });
    await chip.waitFor();
    expect(await part(page, "choice").allInnerTexts()).toEqual(["Yes, call me", "Not today"]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "widget-buttons.png") });
    await chip.click();
    // The console shows the visitor's press as their message, marked as the button they chose.
    await desk.locator('[data-testid="message-choice"]', { hasText: "Yes, call me" }).waitFor();
    if (SHOTS) await desk.screenshot({ path: join(SHOTS, "console-buttons.png") });
    const messages = (await t.call("GET", `/v1/threads/${newest.id}/messages`)).json() as Array<{
      content: string;
      choice?: { label: string } | null;
    }>;
    expect(messages.at(-1)).toMatchObject({ content: "Yes, call me", choice: { label: "Yes, call me" } });
    await desk.context().close();
    await page.context().close();
  }, 90_000);

  it("an operator's picture and document from the console show in the widget, live", async () => {
    const page = await visit(`${allowed.origin}/`);
    await part(page, "launcher").click();
    await part(page, "input").fill("Can you send me the photo?");
    await part(page, "send").click();
    await message(page, "bot", "Echo: Can you send me the photo?").waitFor();
    const newest = (await t.call("GET", "/v1/threads?limit=1")).json().data[0] as { id: string };
    await t.call("POST", `/v1/threads/${newest.id}/mode`, { body: { mode: "manual" } });

    const desk = await signedInDesk(`inbox/${newest.id}`);
    const chooser = desk.waitForEvent("filechooser");
    await desk.locator('[data-testid="composer-attach"]').click();
    await (await chooser).setFiles([
      { name: "shoe.png", mimeType: "image/png", buffer: PNG_BOX },
      { name: "sizes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    ]);
    await desk.locator('[data-testid="composer-input"]').fill("Here they are.");
    const send = desk.locator('[data-testid="composer-send"]');
    await pageCondition(desk, `!document.querySelector('[data-testid="composer-send"]').disabled`, 15_000);
    await send.click();

    // The visitor's widget shows them as they arrive: the picture loaded, the document linked.
    const picture = part(page, "file-image").locator("img");
    await picture.waitFor();
    let decodedWidth = 0;
    for (let tries = 0; tries < 150 && decodedWidth === 0; tries += 1) {
      decodedWidth = await picture.evaluate((img) => {
        const image = img as unknown as { complete: boolean; naturalWidth: number };
        return image.complete ? image.naturalWidth : 0;
      });
      if (decodedWidth === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(decodedWidth).toBe(160);
    expect(await part(page, "file-link").innerText()).toBe("sizes.pdf");
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "widget-files.png") });
    // The console shows what it sent.
    await desk.locator('[data-testid="message-files"]').first().waitFor();
    if (SHOTS) await desk.screenshot({ path: join(SHOTS, "console-files.png") });
    await desk.context().close();
    await page.context().close();
  }, 90_000);

  it("a page on an origin the chat does not allow gets nothing", async () => {
    const page = await visit(`${other.origin}/`);
    const answered = await page.evaluate(
      `fetch("${parley}/widget/v1/chats/${chatId}").then(r => r.status, () => "blocked")`,
    );
    expect(answered).toBe("blocked");
    await page.waitForTimeout(1500);
    expect(await part(page, "message").count()).toBe(0);
    expect(await part(page, "panel").filter({ hasText: "Hello! Ask us anything." }).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it("a verified identity is accepted and a forged one refused", async () => {
    const good = await visit(
      `${allowed.origin}/?user-id=customer-7&user-signature=${signIdentity(secret, "customer-7")}&user-name=Ann`,
    );
    await part(good, "launcher").click();
    await part(good, "input").fill("Where is my order?");
    await part(good, "send").click();
    await message(good, "bot", "Echo: Where is my order?").waitFor();
    const threads = (await t.call("GET", `/v1/threads?chat_id=${chatId}`)).json().data as Array<{
      id: string;
    }>;
    const details = await Promise.all(
      threads.map(async (th) => (await t.call("GET", `/v1/threads/${th.id}`)).json()),
    );
    expect(details.some((d) => d.person?.external_id === "user:customer-7" && d.person?.name === "Ann")).toBe(
      true,
    );
    await good.context().close();

    const forged = await visit(`${allowed.origin}/?user-id=customer-7&user-signature=${"0".repeat(64)}`);
    await part(forged, "launcher").click();
    await part(forged, "error").waitFor();
    expect(await part(forged, "message").filter({ hasText: "Where is my order?" }).count()).toBe(0);
    await forged.context().close();
  }, 60_000);
});

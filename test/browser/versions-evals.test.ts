import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, ensureConsoleBuilt, launchChromium } from "../helpers/browser.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { lastUserText, scriptedModel } from "../helpers/mock-model.js";
import { MEASURE, type Unreadable } from "../helpers/readability.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The versions and evaluations screens of the bot page (docs/quality.md, "Versions and
 * evaluations in the console"), in Chromium against a real Parley whose model answers from the
 * bot's instruction: an edit is saved as a draft that "Try it" answers with, the two versions'
 * diff, publish, roll back; a test case written in the console, run on the draft and on the
 * published version, the two runs side by side, a failure's trace. At 1280 and 390 px, nothing
 * cut or scrolling sideways. PARLEY_SCREENSHOTS=1 writes the screenshots docs/quality.md shows.
 */
const run = browserAvailable("versions and evaluations browser tests");
const SHOTS =
  process.env.PARLEY_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "images")
    : undefined;

const PUBLISHED = "You answer questions about returns.\nReturns are accepted within 14 days.";
const DRAFT = "You answer questions about returns.\nReturns are accepted within 30 days.\nBe friendly.";

/** The bot's instruction, as the model was given it. */
function systemText(options: LanguageModelV3CallOptions): string {
  return options.prompt
    .filter((m) => m.role === "system")
    .map((m) => (typeof m.content === "string" ? m.content : ""))
    .join("\n");
}

describe.skipIf(!run)("console: versions and evaluations", () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let botId: string;

  beforeAll(async () => {
    ensureConsoleBuilt();
    // The reply follows the instruction it was given: the draft says 30 days, the published 14.
    const mock = scriptedModel((options) => {
      const days = systemText(options).includes("30 days") ? 30 : 14;
      return { text: `You can return items within ${days} days. (${lastUserText(options).slice(0, 40)})` };
    });
    t = await createTestApp({ modelOverride: () => mock.model });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    botId = (await t.call("POST", "/v1/bots", { body: { name: "Returns desk" } })).json().id;
    const set = await t.call("POST", `/v1/bots/${botId}/settings`, {
      body: { ai: { instruction: PUBLISHED } },
    });
    expect(set.statusCode).toBe(200);
    browser = await launchChromium();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const testId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);
  const bot = async () => (await t.call("GET", `/v1/bots/${botId}`)).json();

  async function signedIn(width: number, locale = "en-US"): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await testId(page, "signed-in-user").waitFor({ state: "attached" });
    return page;
  }

  async function open(page: Page, path: string, ready: string): Promise<void> {
    await page.goto(`${base}/console/${path}`);
    await page.locator(ready).first().waitFor();
    await page.evaluate("document.fonts.ready");
  }

  async function readable(page: Page, where: string): Promise<string[]> {
    // The phone breakpoint's re-render settles before measuring (as console-readability does);
    // what still scrolls sideways then is measured and reported.
    await expect
      .poll(() =>
        page.evaluate("document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"),
      )
      .toBe(true)
      .catch(() => {});
    await settled(page);
    const seen = (await page.evaluate(MEASURE)) as Unreadable;
    return [
      ...(seen.overflow > 0 ? [`${where}: the page scrolls sideways by ${seen.overflow} px`] : []),
      ...seen.clipped.map((item) => `${where}: ${item}`),
    ];
  }

  /** Drawers and menus done opening (page.evaluate: the console's CSP forbids waitForFunction's strings). */
  async function settled(page: Page): Promise<void> {
    await expect
      .poll(() =>
        page.evaluate(`[...document.querySelectorAll(".mantine-Drawer-content, .mantine-Menu-dropdown")].every((el) => {
          const style = getComputedStyle(el);
          return style.opacity === "1" && ["none", "matrix(1, 0, 0, 1, 0, 0)"].includes(style.transform);
        })`),
      )
      .toBe(true);
  }

  /** A screenshot for the docs: without toasts, drawers and menus done opening, a full page from its top. */
  async function shot(page: Page, name: string, fullPage = false): Promise<void> {
    if (!SHOTS) return;
    const hideToasts = await page.addStyleTag({
      content: ".mantine-Notifications-root { display: none !important; }",
    });
    await settled(page);
    if (fullPage) await page.evaluate("window.scrollTo(0, 0)");
    await page.screenshot({ path: join(SHOTS, name), fullPage });
    await hideToasts.evaluate((style) => style.remove());
  }

  it("an edit is a draft that Try it answers with; the diff; publish; roll back; discard", async () => {
    const page = await signedIn(1280);
    await open(page, `bots/${botId}`, '[data-testid="settings-save"]');
    expect(await testId(page, "draft-state").innerText()).toBe("No unpublished changes");
    const before = await bot();

    await page.getByLabel("Instruction").fill(DRAFT);
    await testId(page, "settings-save").click();
    const draftVersion = before.published_version + 1;
    await page
      .locator('[data-testid="draft-state"]', {
        hasText: `Draft v${draftVersion}, based on v${before.published_version}`,
      })
      .waitFor();
    expect(await bot()).toMatchObject({
      published_version: before.published_version,
      draft_version: draftVersion,
    });
    // Customers still get the published settings.
    expect((await t.call("GET", `/v1/bots/${botId}/settings`)).json().ai.instruction).toBe(PUBLISHED);

    // "Try it" answers with the draft.
    await testId(page, "try-input").fill("How long do I have to return shoes?");
    await testId(page, "try-send").click();
    await page.locator('[data-testid="try-reply"]', { hasText: "within 30 days" }).waitFor();

    // The two versions side by side: the instruction's lines removed and added.
    await testId(page, "tab-versions").click();
    const draftRow = page.locator(`[data-testid="version-row"][data-version="${draftVersion}"]`);
    await draftRow.waitFor();
    expect(await draftRow.getAttribute("data-state")).toBe("draft");
    await draftRow.locator('[data-testid="version-select"]').check();
    await page
      .locator(
        `[data-testid="version-row"][data-version="${before.published_version}"] [data-testid="version-select"]`,
      )
      .check();
    await testId(page, "compare-versions").click();
    const change = page.locator('[data-testid="version-change"][data-path="ai.instruction"]');
    await change.waitFor();
    expect(await change.locator('[data-kind="removed"]').innerText()).toContain("within 14 days");
    expect(await change.locator('[data-kind="added"]').allInnerTexts()).toEqual([
      expect.stringContaining("within 30 days"),
      expect.stringContaining("Be friendly."),
    ]);
    await shot(page, "console-versions-diff.png");

    // Publish from the bar.
    await testId(page, "publish-draft").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Note (optional)").fill("30-day returns");
    await dialog.getByRole("button", { name: "Publish" }).click();
    await page
      .locator('[data-testid="published-badge"]', { hasText: `Published v${draftVersion}` })
      .waitFor();
    expect(await bot()).toMatchObject({ published_version: draftVersion, draft_version: null });
    expect((await t.call("GET", `/v1/bots/${botId}/settings`)).json().ai.instruction).toBe(DRAFT);
    await page
      .locator(`[data-testid="version-row"][data-version="${draftVersion}"][data-state="published"]`)
      .waitFor();

    // Roll back to what answered before.
    await testId(page, "rollback").click();
    await expect(page.getByRole("dialog").innerText()).resolves.toContain(
      `Customers get v${before.published_version} again`,
    );
    await page.getByRole("dialog").getByRole("button", { name: "Roll back" }).click();
    await page
      .locator('[data-testid="published-badge"]', { hasText: `Published v${before.published_version}` })
      .waitFor();
    expect((await bot()).published_version).toBe(before.published_version);
    expect((await t.call("GET", `/v1/bots/${botId}/settings`)).json().ai.instruction).toBe(PUBLISHED);

    // A draft discarded: the editor goes back to the published settings.
    await t.call("POST", `/v1/bots/${botId}/draft`, { body: { ai: { instruction: "Scratch." } } });
    await open(page, `bots/${botId}`, '[data-testid="discard-draft"]');
    expect(await page.getByLabel("Instruction").inputValue()).toBe("Scratch.");
    await testId(page, "discard-draft").click();
    await page.getByRole("dialog").getByRole("button", { name: "Discard draft" }).click();
    await page.locator('[data-testid="draft-state"]', { hasText: "No unpublished changes" }).waitFor();
    expect((await t.call("GET", `/v1/bots/${botId}/draft`)).json().version).toBeNull();
    await expect.poll(() => page.getByLabel("Instruction").inputValue()).toBe(PUBLISHED);
    await page.context().close();
  }, 120_000);

  it("a case written here, run on the draft and on the published version, compared; a failure's trace", async () => {
    // A draft that says 30 days again; the published version says 14.
    expect(
      (await t.call("POST", `/v1/bots/${botId}/draft`, { body: { ai: { instruction: DRAFT } } })).statusCode,
    ).toBe(200);
    const page = await signedIn(1280);
    await open(page, `bots/${botId}?tab=evals`, '[data-testid="run-form"]');

    await testId(page, "new-case").first().click();
    const form = testId(page, "case-form");
    await testId(page, "case-name").fill("Return window");
    await testId(page, "case-message-text").fill("How long do I have to return shoes?");
    await testId(page, "expectation-value").fill("30 days");
    await shot(page, "console-evals-case.png");
    await testId(page, "case-save").click();
    await form.waitFor({ state: "detached" });
    await page.locator('[data-testid="case-row"]', { hasText: "Return window" }).waitFor();

    // On the published version: it fails.
    await testId(page, "run-version").click();
    await page.getByRole("option", { name: /^Published v\d+$/ }).click();
    await testId(page, "run-start").click();
    await page
      .locator('[data-testid="run-detail"] [data-testid="run-badge"][data-status="not-passed"]')
      .waitFor();
    const failure = page.locator('[data-testid="result-card"][data-status="failed"]');
    expect(await failure.innerText()).toContain("within 14 days");
    // Its trace: the turn that wrote the reply.
    await failure.locator('[data-testid="open-trace"]').click();
    const trace = testId(page, "trace");
    await trace.waitFor();
    expect(await trace.innerText()).toContain("openai/gpt-5");
    await shot(page, "console-evals-trace.png");
    await page.keyboard.press("Escape");
    await trace.waitFor({ state: "detached" });
    await page.getByRole("link", { name: "All runs and test cases" }).click();

    // On the draft (the default): it passes.
    await testId(page, "run-start").click();
    await page
      .locator('[data-testid="run-detail"] [data-testid="run-badge"][data-status="passed"]')
      .waitFor();
    expect(await testId(page, "result-reply").innerText()).toContain("within 30 days");
    await page.getByRole("link", { name: "All runs and test cases" }).click();

    // The two runs side by side: the case is fixed by the draft.
    const rows = testId(page, "run-row");
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(0).locator('[data-testid="run-select"]').check();
    await rows.nth(1).locator('[data-testid="run-select"]').check();
    await testId(page, "compare-runs").click();
    const compared = page.locator('[data-testid="compare-case"]');
    await compared.first().waitFor();
    expect(await compared.count()).toBe(1);
    // The older run (the published version's) is the base: the draft fixes the case.
    expect(await compared.first().getAttribute("data-change")).toBe("fixed");
    await shot(page, "console-evals-compare.png");

    // Beside Publish: the draft's run passed.
    await page.goto(`${base}/console/bots/${botId}?tab=evals`);
    const evaluation = testId(page, "draft-evaluation");
    await page.locator('[data-testid="draft-evaluation"][data-kind="passed"]').waitFor();
    expect(await evaluation.innerText()).toContain("1/1 passed");
    await shot(page, "console-evals.png", true);
    await page.context().close();
  }, 180_000);

  it("an AI answer in the inbox is saved as a test case, and its better answer added to tests", async () => {
    const { chat, bot: helper } = await activeChat(t);
    await streamTurn(t, chat.id, "returns-1", "Can I return shoes after 20 days?");
    const messages = (await t.call("GET", "/v1/threads/returns-1/messages")).json() as Array<{
      id: string;
      author: string;
    }>;
    const answer = messages.find((m) => m.author === "bot")!;
    const rated = await t.call("POST", `/v1/threads/returns-1/messages/${answer.id}/feedback`, {
      body: { rating: "down", correction: "Yes: returns are accepted within 30 days." },
    });
    expect(rated.statusCode).toBe(200);

    const page = await signedIn(1280);
    await open(page, "inbox/returns-1", '[data-testid="message"][data-author="bot"]');
    const bubble = page.locator(`[data-testid="message"][data-message-id="${answer.id}"]`);
    await bubble.locator('[data-testid="message-menu"]').click();
    await testId(page, "add-to-tests").waitFor();
    await shot(page, "console-save-test-case.png");
    await testId(page, "save-test-case").click();
    await testId(page, "test-case-saved").first().waitFor();
    await bubble.locator('[data-testid="message-menu"]').click();
    await testId(page, "add-to-tests").click();
    await expect
      .poll(async () => (await t.call("GET", `/v1/bots/${helper.id}/evals/cases`)).json().data.length)
      .toBe(2);
    const cases = (await t.call("GET", `/v1/bots/${helper.id}/evals/cases`)).json().data as Array<{
      source: { type: string; message_id: string };
      messages: Array<{ role: string; content: string }>;
      expectations: Array<{ type: string; criteria?: string }>;
    }>;
    expect(cases.map((c) => c.source.type).sort()).toEqual(["feedback", "thread"]);
    for (const saved of cases) {
      expect(saved.source.message_id).toBe(answer.id);
      expect(saved.messages).toEqual([{ role: "user", content: "Can I return shoes after 20 days?" }]);
    }
    const fromFeedback = cases.find((c) => c.source.type === "feedback")!;
    expect(fromFeedback.expectations[0]).toMatchObject({ type: "rubric" });
    expect(fromFeedback.expectations[0]!.criteria).toContain("within 30 days");
    await page.context().close();
  }, 120_000);

  // Russian words are longer: both languages are measured; the docs show the English screens.
  it.each(["en-US", "ru-RU"])(
    "the screens read at phone width (%s)",
    async (locale) => {
      const page = await signedIn(390, locale);
      const english = locale === "en-US";
      const found: string[] = [];
      await open(page, `bots/${botId}?tab=versions`, '[data-testid="version-row"]');
      // The draft (30 days) and the published version (14 days).
      for (const state of ["draft", "published"]) {
        await page
          .locator(`[data-testid="version-row"][data-state="${state}"] [data-testid="version-select"]`)
          .check();
      }
      await testId(page, "compare-versions").click();
      await testId(page, "version-change").first().waitFor();
      found.push(...(await readable(page, "versions")));
      if (english) await shot(page, "console-versions-phone.png", true);

      await open(page, `bots/${botId}?tab=evals`, '[data-testid="run-row"]');
      found.push(...(await readable(page, "evaluations")));
      if (english) await shot(page, "console-evals-phone.png", true);
      const runs = testId(page, "run-row");
      const failedRun = await runs.nth(1).getAttribute("data-run-id");
      await runs.nth(0).locator('[data-testid="run-select"]').check();
      await runs.nth(1).locator('[data-testid="run-select"]').check();
      await testId(page, "compare-runs").click();
      await testId(page, "compare-case").first().waitFor();
      found.push(...(await readable(page, "compare")));
      if (english) await shot(page, "console-evals-compare-phone.png", true);

      await open(page, `bots/${botId}?tab=evals&run=${failedRun}`, '[data-testid="result-card"]');
      found.push(...(await readable(page, "run")));
      await open(page, `bots/${botId}?tab=evals`, '[data-testid="case-row"]');
      await testId(page, "edit-case").first().click();
      await testId(page, "case-form").waitFor();
      found.push(...(await readable(page, "case editor")));
      expect(found).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, ensureConsoleBuilt, launchChromium } from "../helpers/browser.js";
import { type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Tool approvals in the console's "Try it" panel (docs/console.md, "Try it"), in Chromium
 * against a real Parley with a scripted model that schedules a follow-up message (a tool that
 * needs approval), then answers from the tool's result.
 */
const run = browserAvailable("Try it approval browser tests");

const CONTINUED = "Done: I will check on the parcel in an hour.";

describe.skipIf(!run)("Try it: approving tool calls", () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let botId: string;

  beforeAll(async () => {
    ensureConsoleBuilt();
    const mock = scriptedModel((options): ScriptedReply => {
      if (options.prompt.some((m) => m.role === "tool")) return { text: CONTINUED };
      return {
        toolCall: { name: "schedule_message", input: { text: "Did the parcel arrive?", delay_minutes: 60 } },
      };
    });
    t = await createTestApp({ modelOverride: () => mock.model });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    botId = (await t.call("POST", "/v1/bots", { body: { name: "Courier" } })).json().id;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const testId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

  async function botPage(policy: "operator_approve" | "user_approve"): Promise<Page> {
    const set = await t.call("POST", `/v1/bots/${botId}/settings`, {
      body: { ai: { tools: { schedule_message: policy } } },
    });
    expect(set.statusCode).toBe(200);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${base}/console/`);
    await page.locator('input[type="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await testId(page, "signed-in-user").waitFor({ state: "attached" });
    await page.goto(`${base}/console/bots/${botId}`);
    return page;
  }

  async function say(page: Page, text: string): Promise<void> {
    await testId(page, "try-input").fill(text);
    await testId(page, "try-send").click();
  }

  it("an operator approval: the card names the action, Approve runs it and the reply continues", async () => {
    const page = await botPage("operator_approve");
    // The tools section speaks to people: the title and summary, not the model's description.
    await page.locator('[data-testid="tool-title"]', { hasText: "Follow-up message" }).waitFor();
    expect(await page.getByText("ISO 8601").count()).toBe(0);

    await say(page, "Remind me about my parcel in an hour");
    const card = testId(page, "try-approval");
    await card.waitFor();
    const shown = await card.innerText();
    expect(shown).toContain("Follow-up message");
    expect(shown).toContain("Did the parcel arrive?");
    expect(shown).toContain("60");
    expect(shown).toContain("An operator approves this call");

    await testId(page, "try-approve").click();
    await page.locator('[data-testid="try-reply"]', { hasText: CONTINUED }).waitFor();
    await card.waitFor({ state: "detached" });

    const threads = (await t.call("GET", "/v1/threads")).json().data as Array<{ id: string }>;
    expect(threads).toHaveLength(1);
    const [approval] = (await t.call("GET", `/v1/threads/${threads[0]!.id}/approvals`)).json();
    expect(approval).toMatchObject({
      status: "approved",
      decided_by: "operator",
      tool_name: "schedule_message",
    });
    const jobs = (await t.call("GET", `/v1/jobs?thread_id=${threads[0]!.id}`)).json();
    expect(JSON.stringify(jobs)).toContain("Did the parcel arrive?");
    await page.context().close();
  }, 120_000);

  it("a user approval: the bot asks in the chat, and a typed yes continues the reply", async () => {
    const page = await botPage("user_approve");
    await say(page, "Remind me about my parcel in an hour");
    const card = testId(page, "try-approval");
    await card.waitFor();
    expect(await card.innerText()).toContain("answer yes or no in the chat");
    // The question, as the end user reads it.
    await page
      .locator('[data-testid="try-reply"]', {
        hasText:
          "May I schedule a follow-up message to you in 1 hour: “Did the parcel arrive?” — reply “yes” or “no”.",
      })
      .waitFor();

    await say(page, "yes");
    await page.locator('[data-testid="try-reply"]', { hasText: CONTINUED }).waitFor();
    // The earlier reply's call is settled: no card is left.
    await card.waitFor({ state: "detached" });
    await page.context().close();
  }, 120_000);
});

import { afterEach, describe, expect, it } from "vitest";
import { confirmationQuestion } from "../../../src/modules/engine/confirmation.js";
import { BUILTIN_TOOLS, findBuiltinTool } from "../../../src/modules/engine/tools/registry.js";
import { askPhrase, toolSummary, toolTitle } from "../../../src/modules/engine/tools/tool-wording.js";
import { PAYMENT_LINK_PRESENTATION } from "../../../src/modules/payment-links/payment-link-tool.js";
import { fromAcceptLanguage, requestLanguage } from "../../../src/tools/request-language.js";
import { LANGUAGES, type Language } from "../../../src/tools/tool-presentation.js";
import { VENDOR_IDS, vendorOf } from "../../../src/vendors/registry.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const VENDOR_TOOLS = VENDOR_IDS.flatMap((id) => vendorOf(id).tools ?? []);

/** The question a `user_approve` call of `name` with `args` asks, as the turn builds it. */
function question(name: string, args: unknown, language: Language): string {
  const tool = findBuiltinTool(name) ?? VENDOR_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return confirmationQuestion(askPhrase(tool, args, language), language);
}

describe("tool titles and summaries", () => {
  it("every built-in and vendor tool has a title and summary in every language, not the developer text", () => {
    const tools = [
      ...BUILTIN_TOOLS,
      ...VENDOR_TOOLS,
      { name: "tbank_create_payment_link", description: "", presentation: PAYMENT_LINK_PRESENTATION },
    ];
    expect(VENDOR_TOOLS.length).toBeGreaterThanOrEqual(7);
    for (const tool of tools) {
      for (const language of LANGUAGES) {
        const title = toolTitle(tool, language);
        const summary = toolSummary(tool, language);
        expect(title.length, `${tool.name} ${language}`).toBeGreaterThan(3);
        expect(title.length, `${tool.name} ${language}`).toBeLessThanOrEqual(50);
        expect(summary, `${tool.name} ${language}`).not.toBe(tool.description);
        expect(summary.length, `${tool.name} ${language}`).toBeLessThanOrEqual(160);
        // Words for people: no snake_case keys, no formats.
        expect(`${title} ${summary}`, tool.name).not.toMatch(/[a-z]_[a-z]|ISO 8601|`/);
      }
      // Russian texts are in Russian.
      expect(toolTitle(tool, "ru"), tool.name).toMatch(/\p{Script=Cyrillic}/u);
      expect(toolSummary(tool, "ru"), tool.name).toMatch(/\p{Script=Cyrillic}/u);
    }
  });

  it("custom and MCP tools keep their own name and description", () => {
    const custom = { name: "lookup_order", description: "Looks an order up by its number." };
    expect(toolTitle(custom, "ru")).toBe("lookup_order");
    expect(toolSummary(custom, "ru")).toBe("Looks an order up by its number.");
    expect(toolTitle({ name: "mcp:shop:get_order", description: "" }, "en")).toBe("get_order");
  });
});

describe("user_approve questions", () => {
  it("schedule_message: the delay, the time as given and the message, in English and Russian", () => {
    const args = { text: "Did the parcel arrive?", delay_minutes: 60 };
    expect(question("schedule_message", args, "en")).toBe(
      "May I schedule a follow-up message to you in 1 hour: “Did the parcel arrive?” — reply “yes” or “no”.",
    );
    expect(question("schedule_message", { text: "Посылка пришла?", delay_minutes: 60 }, "ru")).toBe(
      "Можно запланировать вам сообщение через 1 час: «Посылка пришла?» — ответьте «да» или «нет».",
    );
    expect(question("schedule_message", { text: "Hi", delay_minutes: 90 }, "en")).toContain(
      "in 1 hour 30 minutes",
    );
    expect(question("schedule_message", { text: "Hi", delay_minutes: 5 }, "ru")).toContain("через 5 минут");
    expect(question("schedule_message", { text: "Hi", delay_minutes: 2 * 1440 }, "ru")).toContain(
      "через 2 дня",
    );
    expect(question("schedule_message", { text: "Hi", delay_minutes: 21 }, "ru")).toContain(
      "через 21 минуту",
    );
    const at = { text: "Time to call the shop", at: "2026-11-21T09:00:00+03:00" };
    expect(question("schedule_message", at, "en")).toBe(
      "May I schedule a follow-up message to you on 21 November 2026 at 09:00 (UTC+03:00): “Time to call the shop” — reply “yes” or “no”.",
    );
    expect(question("schedule_message", at, "ru")).toBe(
      "Можно запланировать вам сообщение 21 ноября 2026 в 09:00 (UTC+03:00): «Time to call the shop» — ответьте «да» или «нет».",
    );
  });

  it("ends the way the web widget recognizes, so it offers its Yes / No buttons in that language", () => {
    const args = { text: "Did the parcel arrive?", delay_minutes: 60 };
    // widget/src/conversation.ts `approvalLanguage` looks for these words (its tests hold these questions).
    expect(question("schedule_message", args, "en")).toMatch(/reply “yes” or “no”\.$/);
    expect(question("schedule_message", args, "ru")).toMatch(/ответьте «да» или «нет»\.$/);
  });

  it("long texts are cut, so the question stays short", () => {
    const text = question("schedule_message", { text: "word ".repeat(200), delay_minutes: 10 }, "en");
    expect(text.length).toBeLessThan(300);
    expect(text).toContain("…”");
  });

  it("vendor tools name the record and what goes into it", () => {
    expect(
      question("amocrm_create_lead", { title: "2 bikes", name: "Ann", phone: "+7 900 000-00-00" }, "en"),
    ).toBe("May I create a request in our CRM “2 bikes” with your name and phone — reply “yes” or “no”.");
    expect(question("bitrix24_create_deal", { email: "a@example.com" }, "ru")).toBe(
      "Можно создать заявку в нашей CRM с вашими данными (email) — ответьте «да» или «нет».",
    );
    expect(question("github_create_issue", { title: "Login fails", body: "…" }, "ru")).toBe(
      "Можно создать задачу «Login fails» для нашей команды — ответьте «да» или «нет».",
    );
    expect(
      question(
        "google_calendar_create_event",
        { summary: "Haircut", start: "2026-03-10T14:00", end: "2026-03-10T15:00" },
        "en",
      ),
    ).toBe("May I book “Haircut” on 10 March 2026 at 14:00 for you — reply “yes” or “no”.");
    const pay = confirmationQuestion(
      askPhrase(
        { name: "tbank_create_payment_link", description: "", presentation: PAYMENT_LINK_PRESENTATION },
        { amount_rub: 1490.5, description: "Pizza" },
        "ru",
      ),
      "ru",
    );
    expect(pay.replace(/\s/g, " ")).toBe(
      "Можно отправить вам ссылку на оплату на 1 490,50 ₽: «Pizza» — ответьте «да» или «нет».",
    );
  });

  it("a tool without a formatter: its title and first three scalar arguments, truncated", () => {
    const custom = { name: "lookup_order", description: "Looks an order up." };
    const args = { order_id: "A-1001", items: ["x"], note: "n".repeat(100), urgent: true, extra: 1 };
    expect(confirmationQuestion(askPhrase(custom, args, "en"), "en")).toBe(
      `May I use “lookup_order” (order_id: A-1001, note: ${"n".repeat(59)}…, urgent: true) — reply “yes” or “no”.`,
    );
    expect(confirmationQuestion(askPhrase(custom, {}, "ru"), "ru")).toBe(
      "Можно выполнить действие «lookup_order» — ответьте «да» или «нет».",
    );
    // A formatter given odd arguments (the model's, not validated yet) still yields words.
    expect(question("schedule_message", "not an object", "en")).toBe(
      "May I schedule a follow-up message to you — reply “yes” or “no”.",
    );
  });
});

describe("the catalog's language", () => {
  it("an explicit lang wins; else Accept-Language by q-value; else English", () => {
    expect(requestLanguage("ru", "en")).toBe("ru");
    expect(requestLanguage(undefined, "ru-RU,ru;q=0.9,en;q=0.8")).toBe("ru");
    expect(requestLanguage(undefined, "de-DE, en;q=0.5, ru;q=0.7")).toBe("ru");
    expect(requestLanguage(undefined, "fr, de")).toBe("en");
    expect(requestLanguage(undefined, undefined)).toBe("en");
    expect(fromAcceptLanguage("ru;q=0, en-GB")).toBe("en");
    expect(fromAcceptLanguage("*")).toBeUndefined();
  });
});

describe("GET /v1/tools and the approval question, through the API", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("titles and summaries follow lang and Accept-Language; an unknown lang is 422", async () => {
    t = await createTestApp();
    const byName = (body: unknown) =>
      Object.fromEntries(
        (body as Array<{ name: string; title: string; summary: string }>).map((x) => [x.name, x]),
      );

    const english = await t.call("GET", "/v1/tools");
    expect(english.headers["content-language"]).toBe("en");
    expect(byName(english.json()).schedule_message).toMatchObject({
      title: "Follow-up message",
      summary: expect.stringContaining("reminder"),
      description: expect.stringContaining("ISO 8601"),
    });

    const russian = await t.call("GET", "/v1/tools", {
      headers: { "accept-language": "ru-RU,ru;q=0.9,en;q=0.8" },
    });
    expect(russian.headers["content-language"]).toBe("ru");
    expect(byName(russian.json()).schedule_message).toMatchObject({ title: "Отложенное сообщение" });
    expect(byName(russian.json()).handoff_to_operator).toMatchObject({ title: "Передать оператору" });

    const explicit = await t.call("GET", "/v1/tools?lang=en", { headers: { "accept-language": "ru" } });
    expect(byName(explicit.json()).schedule_message?.title).toBe("Follow-up message");

    const wrong = await t.call("GET", "/v1/tools?lang=de");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: "validation_failed", message: expect.any(String) });
  });

  it("a user_approve question names the action and arguments, in the language the person writes", async () => {
    const mock = scriptedModel((options): ScriptedReply => {
      if (options.prompt.some((m) => m.role === "tool")) return { text: "Done." };
      return {
        toolCall: { name: "schedule_message", input: { text: "Did the parcel arrive?", delay_minutes: 60 } },
      };
    });
    t = await createTestApp({ modelOverride: () => mock.model });
    const { bot, chat } = await activeChat(t);
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { schedule_message: "user_approve" } } },
    });
    const english = await streamTurn(t, chat.id, "q-en", "Remind me about the parcel in an hour");
    expect(english.text).toBe(
      "May I schedule a follow-up message to you in 1 hour: “Did the parcel arrive?” — reply “yes” or “no”.",
    );
    const russian = await streamTurn(t, chat.id, "q-ru", "Напомни мне про посылку через час");
    expect(russian.text).toBe(
      "Можно запланировать вам сообщение через 1 час: «Did the parcel arrive?» — ответьте «да» или «нет».",
    );
    // The answer is parsed as before: «да» approves and the tool runs.
    const answered = await streamTurn(t, chat.id, "q-ru", "да");
    expect(answered.text).toBe("Done.");
    const [approval] = (await t.call("GET", "/v1/threads/q-ru/approvals")).json();
    expect(approval).toMatchObject({ status: "approved", decided_by: "user" });
  });
});

import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterEach, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { GithubFake } from "../../vendors/fakes/github-fake.js";
import { GoogleCalendarFake } from "../../vendors/fakes/google-calendar-fake.js";
import type { RecordedRequest } from "../../vendors/fakes/loopback-server.js";
import type { FakeTokenEndpoint } from "../../vendors/fakes/oauth-token-endpoint.js";
import { YandexTrackerFake } from "../../vendors/fakes/yandex-tracker-fake.js";

/**
 * Each integration tool through a bot turn (docs/oauth-tools.md): the integration is
 * connected by a real OAuth round trip against the vendor's fake, the bot enables the tool
 * with `operator_approve`, the model asks for it, the operator approves, the tool runs once
 * against the fake with the stored token, and its result reaches the model.
 */

/** The model calls the tool a user message names (`{"tool", "input"}`), then reports the tool's result. */
function toolScript() {
  return scriptedModel((options: LanguageModelV3CallOptions): ScriptedReply => {
    const last = options.prompt.at(-1);
    if (last?.role === "tool") return { text: `Tool said: ${JSON.stringify(last.content)}` };
    const ask = JSON.parse(lastUserText(options)) as { tool: string; input: unknown };
    return { toolCall: { name: ask.tool, input: ask.input } };
  });
}

interface Vendor {
  env: Record<string, string>;
  oauth: FakeTokenEndpoint;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

describe.each(DIALECTS)(
  "integration tools through an operator-approved turn on %s",
  (dialect: TestDialect) => {
    const it_ = it.skipIf(shouldSkip(dialect));
    let t: TestApp | undefined;
    let vendor: Vendor | undefined;
    afterEach(async () => {
      await t?.close();
      await vendor?.close();
      t = undefined;
      vendor = undefined;
    });

    async function setUp(
      fake: Vendor,
      integration: { vendor: string; settings: Record<string, unknown> },
      tools: string[],
    ) {
      vendor = fake;
      const mock = toolScript();
      t = await createTestApp({ dialect, env: fake.env, modelOverride: () => mock.model });
      const created = await t.call("POST", "/v1/integrations", {
        body: {
          name: `${integration.vendor} of the team`,
          vendor: integration.vendor,
          auth_data: { client_id: fake.oauth.clientId, client_secret: fake.oauth.clientSecret },
          settings: integration.settings,
        },
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().id as string;
      const start = await t.call("POST", `/v1/integrations/${id}/oauth/start`);
      expect(start.statusCode).toBe(200);
      const state = new URL(start.json().url).searchParams.get("state") ?? "";
      const callback = await t.app.inject({
        method: "GET",
        url: `/oauth/callback?${new URLSearchParams({ code: fake.oauth.code, state }).toString()}`,
      });
      expect(callback.statusCode).toBe(200);
      expect(fake.oauth.exchanges).toBe(1);
      expect((await t.call("GET", `/v1/integrations/${id}`)).json().status).toBe("active");

      const fixture = await activeChat(t);
      const settings = await t.call("POST", `/v1/bots/${fixture.bot.id}/settings`, {
        body: { ai: { tools: Object.fromEntries(tools.map((name) => [name, "operator_approve"])) } },
      });
      expect(settings.statusCode).toBe(200);
      const listed = JSON.stringify((await t.call("GET", "/v1/tools")).json());
      for (const name of tools) expect(listed).toContain(name);
      return { t, mock, chat: fixture.chat, integrationId: id };
    }

    /** Asks for the tool, checks it waits for the operator, approves, and returns the bot's reply. */
    async function approvedCall(
      app: TestApp,
      chatId: string,
      thread: string,
      tool: string,
      input: unknown,
      vendorCalls: () => number,
    ): Promise<string> {
      const first = await streamTurn(app, chatId, thread, JSON.stringify({ tool, input }));
      expect(first.events[0]).toMatchObject({
        type: "tool-call",
        toolName: tool,
        approvalId: expect.stringMatching(/^apr_/),
      });
      expect(first.events.at(-1)).toMatchObject({ finishReason: "tool-calls" });
      expect(vendorCalls()).toBe(0);
      const decided = await app.call(
        "POST",
        `/v1/threads/${thread}/approvals/${first.events[0]!.approvalId}`,
        {
          body: { approve: true },
        },
      );
      expect(decided.json()).toMatchObject({ status: "approved", decided_by: "operator" });
      const messages = await eventually(
        async () =>
          (await app.call("GET", `/v1/threads/${thread}/messages`)).json() as Array<{
            author: string;
            content: string;
          }>,
        (list) => list.at(-1)?.content.startsWith("Tool said:") ?? false,
      );
      const reply = messages.at(-1)!;
      expect(reply.author).toBe("bot");
      expect(vendorCalls()).toBe(1);
      return reply.content;
    }

    it_("GitHub: create an issue and search issues in the configured repository", async () => {
      const fake = await GithubFake.start();
      const { t, chat, mock } = await setUp(
        fake,
        { vendor: "github", settings: { repository: "acme/support" } },
        ["github_create_issue", "github_search_issues"],
      );
      const creates = () => fake.requests.filter((r) => r.path === "/repos/acme/support/issues").length;
      const created = await approvedCall(
        t,
        chat.id,
        "gh-create",
        "github_create_issue",
        { title: "Checkout button does nothing", body: "Reported in chat." },
        creates,
      );
      expect(created).toContain("https://github.com/acme/support/issues/4");
      expect(fake.requests.find((r) => r.path === "/repos/acme/support/issues")!.headers.authorization).toBe(
        `Bearer ${fake.token}`,
      );
      // The model got the tool's result right after its call.
      const sawResult = mock.calls.find((call) => call.prompt.at(-1)?.role === "tool");
      expect(JSON.stringify(sawResult!.prompt.at(-1))).toContain("https://github.com/acme/support/issues/4");

      const searches = () => fake.requests.filter((r) => r.path === "/search/issues").length;
      const found = await approvedCall(
        t,
        chat.id,
        "gh-search",
        "github_search_issues",
        { query: "checkout" },
        searches,
      );
      expect(found).toContain("Checkout button does nothing");
    });

    it_("Google Calendar: find free slots, then create the event", async () => {
      const fake = await GoogleCalendarFake.start();
      const { t, chat } = await setUp(fake, { vendor: "google", settings: { time_zone: "Europe/Moscow" } }, [
        "google_calendar_find_free_slots",
        "google_calendar_create_event",
      ]);
      const day = new Date(Date.now() + 14 * 86_400_000);
      while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
      const tuesday = day.toISOString().slice(0, 10);
      const freeBusy = () => fake.requests.filter((r) => r.path === "/calendar/v3/freeBusy").length;
      const slots = await approvedCall(
        t,
        chat.id,
        "gc-slots",
        "google_calendar_find_free_slots",
        { from: tuesday, to: tuesday, duration_minutes: 60 },
        freeBusy,
      );
      expect(slots).toContain(`${tuesday}T09:00:00+03:00`);

      const inserts = () =>
        fake.requests.filter((r) => r.path === "/calendar/v3/calendars/primary/events").length;
      const event = await approvedCall(
        t,
        chat.id,
        "gc-event",
        "google_calendar_create_event",
        {
          summary: "Demo",
          start: `${tuesday}T09:00`,
          end: `${tuesday}T10:00`,
          attendee_email: "anna@example.org",
        },
        inserts,
      );
      expect(event).toContain("https://www.google.com/calendar/event?eid=");
      expect(fake.primary.events).toHaveLength(1);
    });

    it_("Yandex: create a Tracker issue in the configured queue", async () => {
      const fake = await YandexTrackerFake.start();
      const { t, chat } = await setUp(
        fake,
        { vendor: "yandex", settings: { queue: "SUPPORT", org_id: fake.orgId } },
        ["yandex_tracker_create_issue"],
      );
      const creates = () => fake.requests.filter((r) => r.path === "/v2/issues/").length;
      const reply = await approvedCall(
        t,
        chat.id,
        "ya-issue",
        "yandex_tracker_create_issue",
        { summary: "Refund not received", description: "Order 1234" },
        creates,
      );
      expect(reply).toContain("https://tracker.yandex.ru/SUPPORT-1");
      expect(fake.queues.get("SUPPORT")).toHaveLength(1);
    });

    it_(
      "a vendor refusal reaches the model as the tool's error and the integration stays active",
      async () => {
        const fake = await YandexTrackerFake.start();
        const { t, chat, mock, integrationId } = await setUp(
          fake,
          { vendor: "yandex", settings: { queue: "SALES", org_id: fake.orgId } },
          ["yandex_tracker_create_issue"],
        );
        const creates = () => fake.requests.filter((r) => r.path === "/v2/issues/").length;
        const reply = await approvedCall(
          t,
          chat.id,
          "ya-refused",
          "yandex_tracker_create_issue",
          { summary: "x" },
          creates,
        );
        expect(reply).toContain("Queue does not exist.");
        expect(JSON.stringify(mock.calls.at(-1)!.prompt.at(-1))).toContain("Queue does not exist.");
        expect((await t.call("GET", `/v1/integrations/${integrationId}`)).json().status).toBe("active");
      },
    );

    it_(
      "a token GitHub no longer accepts moves the integration to error; the model is told to reconnect",
      async () => {
        const fake = await GithubFake.start();
        const { t, chat, integrationId } = await setUp(
          fake,
          { vendor: "github", settings: { repository: "acme/support" } },
          ["github_search_issues"],
        );
        fake.revoked = true;
        const searches = () => fake.requests.filter((r) => r.path === "/search/issues").length;
        const reply = await approvedCall(
          t,
          chat.id,
          "gh-revoked",
          "github_search_issues",
          { query: "login" },
          searches,
        );
        expect(reply).toContain("an administrator must connect it again");
        expect(reply).not.toContain(fake.token);
        expect((await t.call("GET", `/v1/integrations/${integrationId}`)).json().status).toBe("error");
      },
    );
  },
);

import { afterEach, describe, expect, it } from "vitest";
import { csvField, transcriptText } from "../../../src/modules/threads/transcript.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { parseCsv } from "../../helpers/csv.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { uploadBody } from "../outbound-files/connected-app.js";

/** Exports (docs/conversations.md, "Exporting conversations"): a transcript, and the list as CSV. */

describe("the transcript and CSV fields", () => {
  it("names attachments, leaves tool steps out, and guards spreadsheet formulas", () => {
    const thread = {
      id: "t-1",
      chat_id: "chat_1",
      bot_id: "bot_1",
      mode: "auto" as const,
      title: "Refund",
      last_message_at: "2026-01-02T10:00:05.000Z",
      pending_count: 0,
      assignee: null,
      taken_over_by: null,
      taken_over_at: null,
      reply_failure: null,
      status: "resolved" as const,
      snoozed_until: null,
      status_changed_at: "2026-01-02T10:00:06.000Z",
      labels: ["vip"],
      reply_window: null,
      team: null,
      created_at: "2026-01-02T10:00:00.000Z",
      person: {
        id: "per_1",
        name: "Ann",
        avatar_url: null,
        external_id: "u1",
        email: null,
        phone: null,
        notes: null,
        channel: "telegram",
      },
      stats: { messages_total: 4, user_messages: 1, bot_messages: 1 },
    };
    const text = transcriptText(
      thread,
      [
        {
          id: "m1",
          role: "user",
          author: "user",
          content: "Here is the receipt",
          created_at: "2026-01-02T10:00:01.000Z",
          attachments: [{ kind: "document", fileName: "receipt.pdf" }],
        },
        { id: "m2", role: "assistant", author: "bot", content: "", created_at: "2026-01-02T10:00:02.000Z" },
        { id: "m3", role: "tool", author: "bot", content: "{}", created_at: "2026-01-02T10:00:03.000Z" },
        {
          id: "m4",
          role: "assistant",
          author: "operator",
          content: "Refunded.\nAnything else?",
          created_at: "2026-01-02T10:00:05.000Z",
          operator: { id: "opr_1", name: "Maria" },
        },
      ],
      "2026-01-03T00:00:00.000Z",
    );
    expect(text).toContain("Conversation t-1 — Refund");
    expect(text).toContain("Customer: Ann (per_1)");
    expect(text).toContain(
      "[2026-01-02 10:00:01 UTC] Customer (Ann):\n  Here is the receipt\n  [document: receipt.pdf]",
    );
    expect(text).toContain("[2026-01-02 10:00:05 UTC] Operator (Maria):\n  Refunded.\n  Anything else?");
    expect(text).not.toContain("10:00:02");
    expect(text).not.toContain("10:00:03");

    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const risky of ["+1", "-2", "@cmd", "\tx"]) expect(csvField(risky)).toBe(`'${risky}`);
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField(-3)).toBe("-3");
    expect(csvField(null)).toBe("");
  });
});

describe.each(DIALECTS)("exporting conversations (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup() {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    return { t, ...(await activeChat(t)) };
  }

  it_("a transcript as text and as JSON, both downloads; another project's thread is refused", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "ex-1", "Where is my order?", {
      extra: { person: { external_id: "u-1", name: "Ann" } },
    });
    const admin = await signIn(t);
    expect((await admin.call("POST", "/v1/threads/ex-1/mode", { mode: "manual" })).statusCode).toBe(200);
    expect(
      (await admin.call("POST", "/v1/threads/ex-1/send", { text: "Maria here, it ships today." })).statusCode,
    ).toBe(200);

    // A message of a file alone is in the transcript too, named.
    const { payload, contentType } = await uploadBody(
      "hours.txt",
      Buffer.from("Opening hours: 9 to 18."),
      "text/plain",
    );
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/v1/threads/ex-1/files",
      headers: { authorization: `Bearer ${t.adminKey}`, "content-type": contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const filesOnly = await t.call("POST", "/v1/threads/ex-1/send", {
      body: { files: [{ id: uploaded.json().id, caption: "Our hours" }] },
    });
    expect(filesOnly.statusCode, filesOnly.body).toBe(200);

    const text = await t.call("GET", "/v1/threads/ex-1/export");
    expect(text.statusCode, text.body).toBe(200);
    expect(text.headers["content-type"]).toContain("text/plain");
    expect(text.headers["content-disposition"]).toBe('attachment; filename="parley-conversation-ex-1.txt"');
    const lines = text.body.split("\n");
    expect(lines[0]).toBe("Conversation ex-1");
    expect(text.body).toMatch(/\] Customer \(Ann\):\n {2}Where is my order\?/);
    expect(text.body).toMatch(/\] Bot:\n {2}Echo: Where is my order\?/);
    expect(text.body).toMatch(
      new RegExp(`\\] Operator \\(${admin.body.user.name}\\):\\n {2}Maria here, it ships today\\.`),
    );
    expect(text.body).toMatch(/\] Operator:\n {2}\[document: hours\.txt — Our hours\]/);

    const json = await t.call("GET", "/v1/threads/ex-1/export?format=json");
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toContain("application/json");
    expect(json.headers["content-disposition"]).toBe('attachment; filename="parley-conversation-ex-1.json"');
    const body = json.json();
    expect(body.thread).toEqual((await t.call("GET", "/v1/threads/ex-1")).json());
    expect(body.messages).toEqual((await t.call("GET", "/v1/threads/ex-1/messages")).json());
    expect(body.messages.map((m: { author: string }) => m.author)).toEqual([
      "user",
      "bot",
      "operator",
      "operator",
    ]);

    expect((await t.call("GET", "/v1/threads/ex-1/export?format=pdf")).statusCode).toBe(422);
    expect((await t.call("GET", "/v1/threads/nope/export")).statusCode).toBe(404);
    const other = await t.otherProject();
    const refused = await t.call("GET", "/v1/threads/ex-1/export", { key: other.key });
    // As every thread route: another project's thread is 403, an unknown one 404.
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("Where is my order");

    // An operator (not an admin) may export.
    await t.call("POST", "/v1/operators", {
      body: { email: "op@example.com", name: "Op", password: "operator-password-1", role: "operator" },
    });
    const operator = await signIn(t, "op@example.com", "operator-password-1");
    expect((await operator.call("GET", "/v1/threads/ex-1/export")).statusCode).toBe(200);
    expect((await operator.call("GET", "/v1/threads/export.csv")).statusCode).toBe(200);
  });

  it_("the list as CSV: every page, the list's filters, counts, injection-safe cells", async () => {
    const { t, chat, integration, bot } = await setup();
    await streamTurn(t, chat.id, "csv-a", "Hello", {
      extra: { person: { external_id: "u-evil", name: '=HYPERLINK("http://x","click")' } },
    });
    await streamTurn(t, chat.id, "csv-a", "Again");
    const otherChat = (
      await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
        body: { bot_id: bot.id, name: "second" },
      })
    ).json();
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${otherChat.id}/status`, {
      body: { status: "active" },
    });
    await streamTurn(t, otherChat.id, "csv-b", "Other chat, refund please");
    // More threads than one page of the export holds, without messages (they come last).
    const now = new Date().toISOString();
    const bulk = Array.from({ length: 130 }, (_, i) => ({
      project_id: t.projectId,
      id: `bulk-${String(i).padStart(3, "0")}`,
      chat_id: chat.id,
      bot_id: bot.id,
      person_id: null,
      mode: "auto" as const,
      title: null,
      last_message_at: null,
      pending_count: 0,
      working_memory: null,
      turn_lease_owner: null,
      turn_lease_until: null,
      created_at: now,
      updated_at: now,
    }));
    await t.storage.db.insertInto("threads").values(bulk).execute();

    const all = await t.call("GET", "/v1/threads/export.csv");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers["content-type"]).toContain("text/csv");
    expect(all.headers["content-disposition"]).toMatch(
      /^attachment; filename="parley-threads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(all.body);
    expect(rows[0]).toEqual([
      "id",
      "title",
      "created_at",
      "last_message_at",
      "mode",
      "status",
      "labels",
      "pending_count",
      "assignee_id",
      "assignee_name",
      "person_id",
      "person_name",
      "chat_id",
      "bot_id",
      "message_count",
      "last_message",
    ]);
    const ids = rows.slice(1).map((row) => row[0]);
    expect(ids).toHaveLength(132);
    expect(new Set(ids).size).toBe(132);
    expect(ids.slice(0, 2)).toEqual(["csv-b", "csv-a"]);
    const column = (name: string) => rows[0]!.indexOf(name);
    const a = rows.find((row) => row[0] === "csv-a")!;
    expect(a[column("person_name")]).toBe(`'=HYPERLINK("http://x","click")`);
    expect(a[column("message_count")]).toBe("4");
    expect(a[column("last_message")]).toBe("Echo: Again");
    expect(a[column("status")]).toBe("open");
    expect(rows.find((row) => row[0] === "bulk-000")![column("message_count")]).toBe("0");
    // The status filter applies as in the list.
    const resolved = parseCsv((await t.call("GET", "/v1/threads/export.csv?status=resolved")).body);
    expect(resolved).toHaveLength(1);

    // The list's filters apply, search included.
    const filtered = parseCsv((await t.call("GET", `/v1/threads/export.csv?chat_id=${otherChat.id}`)).body);
    expect(filtered.slice(1).map((row) => row[0])).toEqual(["csv-b"]);
    const searched = parseCsv((await t.call("GET", "/v1/threads/export.csv?search=refund")).body);
    expect(searched.slice(1).map((row) => row[0])).toEqual(["csv-b"]);
    expect((await t.call("GET", "/v1/threads/export.csv?mode=sideways")).statusCode).toBe(422);

    // Another project sees only its own (none).
    const other = await t.otherProject();
    const theirs = parseCsv((await t.call("GET", "/v1/threads/export.csv", { key: other.key })).body);
    expect(theirs).toHaveLength(1);
  });
});

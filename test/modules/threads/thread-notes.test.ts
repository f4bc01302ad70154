import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { sseData } from "../../helpers/sse-client.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const SITE = "https://shop.example";

/**
 * Private notes (docs/conversations.md, "Private notes"): writing, editing and deleting by the
 * author only, the limits, mentions and the mentions inbox, the operators' thread events and the
 * webhook, and the proof that no note ever reaches the model, the message list or the widget.
 */
describe.each(DIALECTS)("private notes on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  /** A thread with one turn; an admin session and two operators, Olga and Ivan. */
  async function setup() {
    const mock = scriptedModel();
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
    });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "th-1", "Where is my order?");
    const admin = await signIn(t);
    const add = async (email: string, name: string) =>
      (await admin.call("POST", "/v1/operators", { email, name, password: "operator-password" })).json()
        .id as string;
    const olgaId = await add("olga@example.com", "Olga");
    const ivanId = await add("ivan@example.com", "Ivan");
    const olga = await signIn(t, "olga@example.com", "operator-password");
    const ivan = await signIn(t, "ivan@example.com", "operator-password");
    return { t, mock, chat, admin, olga, ivan, olgaId, ivanId };
  }

  const threadEvents = async (t: TestApp) =>
    (await t.storage.db.selectFrom("thread_events").select(["data"]).orderBy("seq").execute()).map(
      (row) => JSON.parse(row.data) as Record<string, unknown>,
    );

  it_("the author writes, edits and deletes a note; others may read but not change it", async () => {
    const { t, admin, olga, ivan, olgaId } = await setup();
    const created = await olga.call("POST", "/v1/threads/th-1/notes", { text: "  VIP customer, be kind  " });
    expect(created.statusCode).toBe(200);
    const note = created.json();
    expect(note).toMatchObject({
      thread_id: "th-1",
      author: { type: "operator", id: olgaId, name: "Olga" },
      text: "VIP customer, be kind",
      mentions: [],
    });
    expect(note.id).toMatch(/^note_/);
    const byKey = await t.call("POST", "/v1/threads/th-1/notes", { body: { text: "From a script" } });
    expect(byKey.json().author).toMatchObject({ type: "api_key", name: null });

    // Everyone of the team reads them, oldest first.
    const listed = (await ivan.call("GET", "/v1/threads/th-1/notes")).json().data;
    expect(listed.map((n: { text: string }) => n.text)).toEqual(["VIP customer, be kind", "From a script"]);

    // Only the author changes or deletes: another operator, an admin and another key are refused.
    const url = `/v1/threads/th-1/notes/${note.id}`;
    for (const other of [ivan, admin]) {
      const edit = await other.call("POST", url, { text: "mine now" });
      expect([edit.statusCode, edit.json().code]).toEqual([403, "not_note_author"]);
      const del = await other.call("POST", `${url}/delete`);
      expect([del.statusCode, del.json().code]).toEqual([403, "not_note_author"]);
    }
    const keyEdit = await t.call("POST", url, { body: { text: "the key's now" } });
    expect([keyEdit.statusCode, keyEdit.json().code]).toEqual([403, "not_note_author"]);
    const olgaOnKeys = await olga.call("POST", `/v1/threads/th-1/notes/${byKey.json().id}`, { text: "x" });
    expect(olgaOnKeys.statusCode).toBe(403);

    const edited = await olga.call("POST", url, { text: "VIP customer, refund approved" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: note.id, text: "VIP customer, refund approved" });
    expect(edited.json().created_at).toBe(note.created_at);
    const keyEdited = await t.call("POST", `/v1/threads/th-1/notes/${byKey.json().id}`, {
      body: { text: "Edited" },
    });
    expect(keyEdited.json().text).toBe("Edited");

    const deleted = await olga.call("POST", `${url}/delete`);
    expect(deleted.json()).toEqual({ id: note.id, deleted: true });
    const after = (await olga.call("GET", "/v1/threads/th-1/notes")).json().data;
    expect(after.map((n: { id: string }) => n.id)).toEqual([byKey.json().id]);
    const again = await olga.call("POST", `${url}/delete`);
    expect([again.statusCode, again.json().code]).toEqual([404, "note_not_found"]);

    const events = (await threadEvents(t)).filter((e) => String(e.type).startsWith("note_"));
    expect(events.map((e) => e.type)).toEqual([
      "note_created",
      "note_created",
      "note_updated",
      "note_updated",
      "note_deleted",
    ]);
    expect(events.at(-1)).toMatchObject({ note: { id: note.id, text: "VIP customer, refund approved" } });
  });

  it_("refuses bad input with a clear 4xx and stores nothing", async () => {
    const { t, olga } = await setup();
    const other = await t.otherProject();
    const otherOperator = (
      await t.call("POST", "/v1/operators", {
        key: other.key,
        body: { email: "stranger@example.com", name: "Stranger", password: "operator-password" },
      })
    ).json().id as string;
    expect(otherOperator).toMatch(/^opr_/);

    const cases: Array<[unknown, number, string]> = [
      [{ text: "" }, 422, "validation_failed"],
      [{ text: "   " }, 422, "validation_failed"],
      [{ text: "x".repeat(10_001) }, 422, "validation_failed"],
      [{}, 422, "validation_failed"],
      [{ text: "hi", extra: 1 }, 422, "validation_failed"],
      [{ text: "hi", mentions: "opr_x" }, 422, "validation_failed"],
      [{ text: "hi", mentions: ["opr_nobody"] }, 422, "unknown_operator"],
      [{ text: "hi", mentions: [otherOperator] }, 422, "unknown_operator"],
    ];
    for (const [body, status, code] of cases) {
      const response = await olga.call("POST", "/v1/threads/th-1/notes", body);
      expect([response.statusCode, response.json().code], JSON.stringify(body).slice(0, 80)).toEqual([
        status,
        code,
      ]);
    }
    const longest = await olga.call("POST", "/v1/threads/th-1/notes", { text: "y".repeat(10_000) });
    expect(longest.statusCode).toBe(200);

    const missing = await olga.call("POST", "/v1/threads/no-such/notes", { text: "hi" });
    expect([missing.statusCode, missing.json().code]).toEqual([404, "thread_not_found"]);
    const missingList = await olga.call("GET", "/v1/threads/no-such/notes");
    expect(missingList.statusCode).toBe(404);
    const noNote = await olga.call("POST", "/v1/threads/th-1/notes/note_nope", { text: "x" });
    expect([noNote.statusCode, noNote.json().code]).toEqual([404, "note_not_found"]);
    const badEdit = await olga.call("POST", `/v1/threads/th-1/notes/${longest.json().id}`, { text: "" });
    expect(badEdit.statusCode).toBe(422);
    const foreign = await t.call("GET", "/v1/threads/th-1/notes", { key: other.key });
    expect(foreign.statusCode).toBe(403);

    const stored = await t.storage.db.selectFrom("thread_notes").select("text").execute();
    expect(stored).toHaveLength(1);
  });

  it_("mentions notify the mentioned: an unread inbox, read marks, edits and deletes", async () => {
    const { t, olga, ivan, olgaId, ivanId, admin } = await setup();
    const created = await olga.call("POST", "/v1/threads/th-1/notes", {
      text: "@Ivan can you check the refund? (cc @Olga)",
      mentions: [ivanId, ivanId, olgaId],
    });
    expect(created.statusCode).toBe(200);
    const note = created.json();
    expect(note.mentions).toEqual([ivanId, olgaId]);

    // Ivan has one unread mention; Olga mentioning herself notifies nobody.
    const inbox = (await ivan.call("GET", "/v1/operators/me/mentions")).json();
    expect(inbox.unread_count).toBe(1);
    expect(inbox.data).toHaveLength(1);
    expect(inbox.data[0]).toMatchObject({ thread_id: "th-1", read_at: null, note: { id: note.id } });
    expect(inbox.data[0].id).toMatch(/^mention_/);
    expect((await olga.call("GET", "/v1/operators/me/mentions")).json()).toEqual({
      data: [],
      unread_count: 0,
    });

    // The operators' event carries who was mentioned, for their consoles to count.
    const events = await threadEvents(t);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "note_created",
        mentioned: [ivanId],
        note: expect.objectContaining({ id: note.id }),
      }),
    );

    // A second note; the admin is mentioned on an edit; only the added one is notified.
    const second = (
      await olga.call("POST", "/v1/threads/th-1/notes", { text: "Also the address", mentions: [ivanId] })
    ).json();
    const edited = await olga.call("POST", `/v1/threads/th-1/notes/${note.id}`, {
      mentions: [ivanId, admin.body.user.id],
    });
    expect(edited.json()).toMatchObject({ text: note.text, mentions: [ivanId, admin.body.user.id] });
    expect((await threadEvents(t)).at(-1)).toMatchObject({
      type: "note_updated",
      mentioned: [admin.body.user.id],
    });
    expect((await admin.call("GET", "/v1/operators/me/mentions")).json().unread_count).toBe(1);

    // Mark one read: unread first, then the read one; ?unread=true leaves it out.
    const both = (await ivan.call("GET", "/v1/operators/me/mentions")).json();
    expect(both.unread_count).toBe(2);
    expect(both.data.map((m: { note: { id: string } }) => m.note.id)).toEqual([second.id, note.id]);
    const older = both.data[1].id;
    const marked = await ivan.call("POST", "/v1/operators/me/mentions/read", {
      ids: [older, "mention_other"],
    });
    expect(marked.json()).toEqual({ unread_count: 1 });
    // Someone else's mention id is skipped, not theirs to mark.
    await admin.call("POST", "/v1/operators/me/mentions/read", { ids: [both.data[0].id] });
    const now = (await ivan.call("GET", "/v1/operators/me/mentions")).json();
    expect(now.unread_count).toBe(1);
    expect(now.data.map((m: { id: string; read_at: string | null }) => [m.id, m.read_at !== null])).toEqual([
      [both.data[0].id, false],
      [older, true],
    ]);
    const unreadOnly = (await ivan.call("GET", "/v1/operators/me/mentions?unread=true")).json();
    expect(unreadOnly.data.map((m: { id: string }) => m.id)).toEqual([both.data[0].id]);
    expect((await ivan.call("POST", "/v1/operators/me/mentions/read", { all: true })).json()).toEqual({
      unread_count: 0,
    });

    // Taking Ivan off a note takes his mention away; deleting a note deletes its mentions.
    await olga.call("POST", `/v1/threads/th-1/notes/${note.id}`, { mentions: [] });
    expect((await ivan.call("GET", "/v1/operators/me/mentions")).json().data).toHaveLength(1);
    await olga.call("POST", `/v1/threads/th-1/notes/${second.id}/delete`);
    expect((await ivan.call("GET", "/v1/operators/me/mentions")).json().data).toHaveLength(0);

    // The inbox is a person's: an API key has none; a bad body is a 422.
    const byKey = await t.call("GET", "/v1/operators/me/mentions");
    expect([byKey.statusCode, byKey.json().code]).toEqual([403, "operator_session_required"]);
    const keyRead = await t.call("POST", "/v1/operators/me/mentions/read", { body: { all: true } });
    expect([keyRead.statusCode, keyRead.json().code]).toEqual([403, "operator_session_required"]);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ["m"], all: true }]) {
      const bad = await ivan.call("POST", "/v1/operators/me/mentions/read", body);
      expect([bad.statusCode, bad.json().code], JSON.stringify(body)).toEqual([422, "validation_failed"]);
    }
    const badQuery = await ivan.call("GET", "/v1/operators/me/mentions?limit=0");
    expect(badQuery.statusCode).toBe(422);
  });

  it_("a new note raises thread.note.created with its mentions, and no message webhook", async () => {
    const { t, olga, ivanId } = await setup();
    const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url: "http://127.0.0.1:9/hooks", events: ["thread.note.created", "thread.message.created"] },
    });
    expect(endpoint.statusCode).toBe(200);
    const note = (
      await olga.call("POST", "/v1/threads/th-1/notes", { text: "Check @Ivan", mentions: [ivanId] })
    ).json();
    await olga.call("POST", `/v1/threads/th-1/notes/${note.id}`, { text: "Check it, @Ivan" });
    const rows = await t.storage.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_events as e", "e.id", "d.event_id")
      .select(["e.type", "e.data"])
      .orderBy("d.seq")
      .execute();
    expect(rows.map((r) => r.type)).toEqual(["thread.note.created"]);
    expect(JSON.parse(rows[0]!.data)).toMatchObject({
      thread_id: "th-1",
      chat_id: expect.any(String),
      note: { id: note.id, text: "Check @Ivan", mentions: [ivanId] },
    });
  });

  it_("notes never reach the model, the message list, the widget or a delivery", async () => {
    const { t, mock, chat, olga } = await setup();
    await t.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    const widget = (method: "GET" | "POST", url: string, token?: string, body?: unknown) =>
      t!.app.inject({
        method,
        url,
        headers: {
          origin: SITE,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    const session = (await widget("POST", `/widget/v1/chats/${chat.id}/sessions`, undefined, {})).json();
    const token = session.visitor_token as string;
    const threadId = session.thread_id as string;
    await widget("POST", "/widget/v1/messages", token, { text: "Do you ship to Berlin?" });

    const before = await threadEvents(t);
    const messagesBefore = (await t.call("GET", `/v1/threads/${threadId}/messages`)).json();
    const threadBefore = (await t.call("GET", `/v1/threads/${threadId}`)).json();
    const jobsBefore = await t.storage.db.selectFrom("jobs").select("id").execute();
    const SECRET = "SECRET-NOTE-refund-approved-by-Olga";
    const noted = await olga.call("POST", `/v1/threads/${threadId}/notes`, { text: SECRET });
    expect(noted.statusCode).toBe(200);

    // The message list, the thread and the jobs are as they were: no message, no delivery.
    expect((await t.call("GET", `/v1/threads/${threadId}/messages`)).json()).toEqual(messagesBefore);
    const threadAfter = (await t.call("GET", `/v1/threads/${threadId}`)).json();
    expect(threadAfter.last_message_at).toBe(threadBefore.last_message_at);
    expect(threadAfter.pending_count).toBe(threadBefore.pending_count);
    expect(await t.storage.db.selectFrom("jobs").select("id").execute()).toEqual(jobsBefore);
    const newEvents = (await threadEvents(t)).slice(before.length);
    expect(newEvents.map((e) => e.type)).toEqual(["note_created"]);

    // The next turn's prompt has no trace of it.
    await widget("POST", "/widget/v1/messages", token, { text: "And to Paris?" });
    const prompt = JSON.stringify(mock.calls.at(-1)!.prompt);
    expect(prompt).toContain("And to Paris?");
    expect(prompt).not.toContain(SECRET);

    // Nor the widget's history, nor its event stream replayed from before the note.
    const history = await widget("GET", "/widget/v1/messages", token);
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(SECRET);
    const log = await t.storage.db
      .selectFrom("thread_events")
      .select(["seq", "data"])
      .orderBy("seq")
      .execute();
    const noteSeq = Number(log.find((row) => JSON.parse(row.data).type === "note_created")!.seq);
    const lastSeq = Number(log.at(-1)!.seq);
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const read = async (url: string, headers: Record<string, string>) => {
      const controller = new AbortController();
      const response = await fetch(url, {
        headers: { ...headers, "last-event-id": String(noteSeq - 1) },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      let text = "";
      while (!text.includes(`id: ${lastSeq}\n`)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      controller.abort();
      return text;
    };
    const widgetStream = await read(`${address}/widget/v1/events`, {
      authorization: `Bearer ${token}`,
      origin: SITE,
    });
    expect(widgetStream).toContain(`id: ${noteSeq}`);
    expect(widgetStream).not.toContain("note_created");
    expect(widgetStream).not.toContain(SECRET);
    // The operators' stream of the project carries it.
    const teamStream = await read(`${address}/v1/threads/events`, { authorization: `Bearer ${t.adminKey}` });
    const teamEvents = sseData(teamStream) as Array<{ type: string; note?: { text: string } }>;
    expect(teamEvents.find((e) => e.type === "note_created")?.note?.text).toBe(SECRET);
  });

  it_("parallel notes and parallel edits keep every note and notify each operator once", async () => {
    const { t, olga, ivan, ivanId, olgaId } = await setup();
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? olga : ivan).call("POST", "/v1/threads/th-1/notes", {
          text: `note ${i}`,
          mentions: [i % 2 === 0 ? ivanId : olgaId],
        }),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const listed = (await olga.call("GET", "/v1/threads/th-1/notes")).json().data as Array<{ text: string }>;
    expect(listed.map((n) => n.text).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `note ${i}`).sort());
    expect((await ivan.call("GET", "/v1/operators/me/mentions")).json().unread_count).toBe(4);
    expect((await olga.call("GET", "/v1/operators/me/mentions")).json().unread_count).toBe(4);

    // The same edit sent five times at once: one mention for the added operator.
    const own = created[1]!.json().id as string;
    const edits = await Promise.all(
      Array.from({ length: 5 }, () =>
        ivan.call("POST", `/v1/threads/th-1/notes/${own}`, { mentions: [olgaId] }),
      ),
    );
    expect(edits.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const rows = await t.storage.db
      .selectFrom("note_mentions")
      .select("id")
      .where("note_id", "=", own)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

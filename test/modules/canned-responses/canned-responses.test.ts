import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const GREETING =
  "Hi {{contact.name|there}}! {{ operator.name|Support }} from {{project.name}} and {{bot.name}}.";

/**
 * Canned responses (docs/canned-responses.md): CRUD and search, short codes unique per project
 * whatever the case (409, also when created in parallel), placeholders checked on write (422
 * naming the variable), other projects' responses not found, rendering for a thread from an
 * operator's session and from an API key.
 */
describe.each(DIALECTS)("canned responses on %s", (dialect: TestDialect) => {
  const it_ = it.skipIf(shouldSkip(dialect));
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function app(): Promise<TestApp> {
    const mock = scriptedModel(() => ({ text: "ok" }));
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    return t;
  }

  const create = (t: TestApp, body: Record<string, unknown>, key?: string) =>
    t.call("POST", "/v1/canned_responses", { body, ...(key ? { key } : {}) });

  it_("creates, reads, lists, searches, updates and deletes", async () => {
    const t = await app();
    const created = await create(t, { short_code: "Hello", title: "Greeting", content: GREETING });
    expect(created.statusCode, created.body).toBe(200);
    const hello = created.json();
    expect(hello).toMatchObject({
      id: expect.stringMatching(/^cr_/),
      short_code: "hello",
      title: "Greeting",
      content: GREETING,
      created_by: expect.stringMatching(/^key_/),
    });
    const refund = (await create(t, { short_code: "refund", content: "Refunds take 5 days." })).json();
    expect(refund.title).toBeNull();

    expect((await t.call("GET", `/v1/canned_responses/${hello.id}`)).json()).toEqual(hello);
    const all = (await t.call("GET", "/v1/canned_responses")).json();
    expect(all.data.map((r: { short_code: string }) => r.short_code)).toEqual(["hello", "refund"]);
    expect(all.next_cursor).toBeNull();

    // Search: code, title or content, case-insensitively; `%` and `_` are literal.
    const codes = async (q: string) =>
      (await t.call("GET", `/v1/canned_responses?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((r: { short_code: string }) => r.short_code);
    expect(await codes("GREET")).toEqual(["hello"]);
    expect(await codes("5 DAYS")).toEqual(["refund"]);
    expect(await codes("ref")).toEqual(["refund"]);
    expect(await codes("%")).toEqual([]);
    expect(await codes("nothing like it")).toEqual([]);

    const updated = await t.call("POST", `/v1/canned_responses/${refund.id}`, {
      body: { short_code: "refunds", title: "Refunds" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      short_code: "refunds",
      title: "Refunds",
      content: "Refunds take 5 days.",
    });
    expect(await codes("refunds")).toEqual(["refunds"]);
    const cleared = await t.call("POST", `/v1/canned_responses/${refund.id}`, { body: { title: null } });
    expect(cleared.json().title).toBeNull();

    const deleted = await t.call("POST", `/v1/canned_responses/${refund.id}/delete`);
    expect(deleted.json()).toEqual({ id: refund.id, deleted: true });
    expect((await t.call("GET", `/v1/canned_responses/${refund.id}`)).json().code).toBe(
      "canned_response_not_found",
    );
    expect((await t.call("POST", `/v1/canned_responses/${refund.id}/delete`)).statusCode).toBe(404);
    const rows = await t.storage.db.selectFrom("canned_responses").select("short_code").execute();
    expect(rows).toEqual([{ short_code: "hello" }]);
  });

  it_("pages by short code with an opaque cursor", async () => {
    const t = await app();
    for (const code of ["c", "a", "e", "b", "d"]) {
      expect((await create(t, { short_code: code, content: `Answer ${code}` })).statusCode).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page = (await t.call("GET", `/v1/canned_responses?limit=2${query}`)).json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((r: { short_code: string }) => r.short_code));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(["a", "b", "c", "d", "e"]);
    const forged = await t.call("GET", "/v1/canned_responses?cursor=not-a-cursor");
    expect(forged.statusCode).toBe(422);
    expect(forged.json().details[0].path).toBe("query.cursor");
  });

  it_("refuses bad codes, content and placeholders with 422, and a taken code with 409", async () => {
    const t = await app();
    const refused = async (body: Record<string, unknown>) => {
      const response = await create(t, body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json();
    };
    expect((await refused({ short_code: "two words", content: "x" })).details[0].path).toBe("short_code");
    expect((await refused({ short_code: "", content: "x" })).details[0].path).toBe("short_code");
    expect((await refused({ short_code: "x".repeat(33), content: "x" })).details[0].path).toBe("short_code");
    expect((await refused({ short_code: "/hi", content: "x" })).details[0].path).toBe("short_code");
    expect((await refused({ short_code: "ok", content: "x".repeat(4001) })).details[0].path).toBe("content");
    expect((await refused({ short_code: "ok", content: "   " })).details[0].path).toBe("content");
    expect((await refused({ short_code: "ok" })).details[0].path).toBe("content");
    expect((await refused({ short_code: "ok", content: "x", colour: "red" })).details[0].path).toBe("colour");

    const unknown = await refused({ short_code: "ok", content: "Hi {{contact.phone}}" });
    expect(unknown.details[0]).toMatchObject({
      path: "content",
      message: expect.stringContaining("contact.phone"),
    });
    expect(unknown.message).toContain("unknown variable 'contact.phone'");
    const open = await refused({ short_code: "ok", content: "Hi {{contact.name" });
    expect(open.message).toContain("malformed placeholder near '{{contact.name'");
    expect((await refused({ short_code: "ok", content: "Hi contact.name}}" })).message).toContain(
      "malformed",
    );
    expect((await refused({ short_code: "ok", content: "Hi {{}}" })).message).toContain("names no variable");
    expect((await refused({ short_code: "ok", content: "{{ system('ls') }}" })).message).toContain(
      "malformed",
    );

    // Single braces are plain text.
    expect((await create(t, { short_code: "json", content: 'Send {"order": 1}' })).statusCode).toBe(200);

    const first = (await create(t, { short_code: "dup", content: "one" })).json();
    const again = await create(t, { short_code: "DUP", content: "two" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("canned_response_code_taken");
    const other = (await create(t, { short_code: "other", content: "three" })).json();
    const renamed = await t.call("POST", `/v1/canned_responses/${other.id}`, { body: { short_code: "Dup" } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe("canned_response_code_taken");
    const badUpdate = await t.call("POST", `/v1/canned_responses/${first.id}`, {
      body: { content: "{{operator.nickname}}" },
    });
    expect(badUpdate.statusCode).toBe(422);
    expect(badUpdate.json().message).toContain("operator.nickname");
    // Nothing refused was stored.
    const rows = await t.storage.db
      .selectFrom("canned_responses")
      .select(["short_code", "content"])
      .execute();
    expect(rows.sort((a, b) => a.short_code.localeCompare(b.short_code))).toEqual([
      { short_code: "dup", content: "one" },
      { short_code: "json", content: 'Send {"order": 1}' },
      { short_code: "other", content: "three" },
    ]);
  });

  it_("parallel creates of one short code: one 200, the rest 409", async () => {
    const t = await app();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(t, { short_code: i % 2 ? "race" : "RACE", content: `Try ${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json().code).toBe("canned_response_code_taken");
    }
    const rows = await t.storage.db.selectFrom("canned_responses").select("short_code").execute();
    expect(rows).toEqual([{ short_code: "race" }]);
  });

  it_(
    "another project can neither see, change nor render a response; its own codes are its own",
    async () => {
      const t = await app();
      const { chat } = await activeChat(t);
      await streamTurn(t, chat.id, "th-1", "hello");
      const mine = (await create(t, { short_code: "hello", content: GREETING })).json();
      const { key } = await t.otherProject();
      const as = { key };
      expect((await t.call("GET", "/v1/canned_responses", as)).json().data).toEqual([]);
      for (const [method, url, body] of [
        ["GET", `/v1/canned_responses/${mine.id}`, undefined],
        ["POST", `/v1/canned_responses/${mine.id}`, { content: "mine now" }],
        ["POST", `/v1/canned_responses/${mine.id}/render`, { thread_id: "th-1" }],
        ["POST", `/v1/canned_responses/${mine.id}/delete`, undefined],
      ] as const) {
        const response = await t.call(method, url, { ...as, ...(body ? { body } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().code).toBe("canned_response_not_found");
      }
      // Its own response with the same code, rendered for our thread: the thread is not theirs.
      const theirs = await create(t, { short_code: "hello", content: "Theirs" }, key);
      expect(theirs.statusCode).toBe(200);
      const render = await t.call("POST", `/v1/canned_responses/${theirs.json().id}/render`, {
        ...as,
        body: { thread_id: "th-1" },
      });
      expect(render.statusCode).toBe(403);
      expect((await t.call("GET", `/v1/canned_responses/${mine.id}`)).json().content).toBe(GREETING);
    },
  );

  it_(
    "renders for a thread: the person's name or the fallback, the operator's name from a session",
    async () => {
      const t = await app();
      const { chat, bot } = await activeChat(t);
      await streamTurn(t, chat.id, "named", "hello", {
        extra: { person: { external_id: "ann-1", name: "Ann Smith" } },
      });
      await streamTurn(t, chat.id, "anonymous", "hello");
      const project = (await t.call("GET", "/v1/projects"))
        .json()
        .find((p: { id: string }) => p.id === t.projectId);
      const greeting = (await create(t, { short_code: "hello", content: GREETING })).json();
      const first = (
        await create(t, {
          short_code: "first",
          content: "Dear {{contact.first_name|customer}} <{{contact.email|no email}}>, {{operator.name}}.",
        })
      ).json();
      const render = (
        id: string,
        threadId: string,
        caller: (body: unknown, url: string) => Promise<unknown>,
      ) => caller({ thread_id: threadId }, `/v1/canned_responses/${id}/render`);

      const byKey = async (body: unknown, url: string) => {
        const response = await t.call("POST", url, { body });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().text;
      };
      expect(await render(greeting.id, "named", byKey)).toBe(
        `Hi Ann Smith! Support from ${project.name} and ${bot.name}.`,
      );
      expect(await render(greeting.id, "anonymous", byKey)).toBe(
        `Hi there! Support from ${project.name} and ${bot.name}.`,
      );
      expect(await render(first.id, "named", byKey)).toBe("Dear Ann <no email>, .");
      expect(await render(first.id, "anonymous", byKey)).toBe("Dear customer <no email>, .");

      // An operator (not an admin) renders, and keeps responses, from the console.
      const admin = await signIn(t);
      const created = await admin.call("POST", "/v1/operators", {
        email: "olga@example.com",
        name: "Olga",
        password: "operator-password",
      });
      const olga = await signIn(t, "olga@example.com", "operator-password");
      expect(olga.body.role).toBe("operator");
      const bySession = async (body: unknown, url: string) => {
        const response = await olga.call("POST", url, body);
        expect(response.statusCode, response.body).toBe(200);
        return response.json().text;
      };
      expect(await render(greeting.id, "named", bySession)).toBe(
        `Hi Ann Smith! Olga from ${project.name} and ${bot.name}.`,
      );
      expect(await render(first.id, "anonymous", bySession)).toBe("Dear customer <no email>, Olga.");

      const own = await olga.call("POST", "/v1/canned_responses", {
        short_code: "bye",
        content: "Bye {{contact.name}}",
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().created_by).toBe(created.json().id);
      expect((await olga.call("GET", "/v1/canned_responses?q=bye")).json().data).toHaveLength(1);
      expect(
        (await olga.call("POST", `/v1/canned_responses/${own.json().id}`, { title: "Farewell" })).statusCode,
      ).toBe(200);
      expect(await render(own.json().id, "anonymous", bySession)).toBe("Bye ");
      expect((await olga.call("POST", `/v1/canned_responses/${own.json().id}/delete`)).statusCode).toBe(200);

      const missing = await t.call("POST", `/v1/canned_responses/${greeting.id}/render`, {
        body: { thread_id: "no-such-thread" },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe("thread_not_found");
    },
  );
});

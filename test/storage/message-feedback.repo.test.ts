import { afterEach, describe, expect, it } from "vitest";
import { createRepos } from "../../src/storage/repos/index.js";
import type { FeedbackWrite } from "../../src/storage/repos/message-feedback.repo.js";
import { signIn } from "../helpers/console-session.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The feedback repository on both databases (docs/quality.md, "Feedback"): what `save` says it
 * replaced, and `listForMessages`, which traces call to show feedback beside messages.
 */
describe.each(DIALECTS)("the message feedback repository on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup() {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const { chat } = await activeChat(t);
    for (const [thread, text] of [
      ["a", "first"],
      ["a", "second"],
      ["b", "third"],
    ] as const)
      await streamTurn(t, chat.id, thread, text);
    const botIds = async (thread: string) =>
      (
        (await t!.call("GET", `/v1/threads/${thread}/messages`)).json() as Array<{
          id: string;
          author: string;
        }>
      )
        .filter((m) => m.author === "bot")
        .map((m) => m.id);
    const admin = await signIn(t);
    return { t, repos: createRepos(t.storage.db), a: await botIds("a"), b: await botIds("b"), admin };
  }

  const write = (t: TestApp, overrides: Partial<FeedbackWrite>): FeedbackWrite => ({
    id: `fb_${Math.random().toString(36).slice(2)}`,
    project_id: t.projectId,
    thread_id: "a",
    message_id: "",
    source: "operator",
    operator_id: null,
    rater: "api",
    rating: "up",
    comment: null,
    correction: null,
    now: "2026-11-21T10:00:00.000Z",
    ...overrides,
  });

  it_("save inserts, then replaces the rater's feedback and says what it replaced", async () => {
    const { t, repos, a, admin } = await setup();
    const first = await repos.transaction((trx) =>
      trx.messageFeedback.save(
        write(t, {
          message_id: a[0]!,
          rater: `operator:${admin.body.user.id}`,
          operator_id: admin.body.user.id,
          rating: "down",
          comment: "vague",
        }),
      ),
    );
    expect(first.previous).toBeNull();
    expect(first.feedback).toMatchObject({
      message_id: a[0],
      thread_id: "a",
      rating: "down",
      comment: "vague",
      operator: { id: admin.body.user.id, name: admin.body.user.name },
      created_at: "2026-11-21T10:00:00.000Z",
    });
    const second = await repos.transaction((trx) =>
      trx.messageFeedback.save(
        write(t, {
          message_id: a[0]!,
          rater: `operator:${admin.body.user.id}`,
          operator_id: admin.body.user.id,
          rating: "up",
          correction: "better",
          now: "2026-11-21T10:05:00.000Z",
        }),
      ),
    );
    expect(second.previous).toEqual({ rating: "down" });
    expect(second.feedback).toMatchObject({
      id: first.feedback.id,
      rating: "up",
      comment: null,
      correction: "better",
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:05:00.000Z",
    });
    // Another rater of the same message is another row.
    const other = await repos.transaction((trx) =>
      trx.messageFeedback.save(write(t, { message_id: a[0]!, source: "customer", rater: "customer" })),
    );
    expect(other.previous).toBeNull();
    expect(other.feedback.id).not.toBe(first.feedback.id);

    const removed = await repos.messageFeedback.remove(t.projectId, a[0]!, "customer");
    expect(removed).toEqual(other.feedback);
    expect(await repos.messageFeedback.remove(t.projectId, a[0]!, "customer")).toBeUndefined();
    expect(
      await repos.messageFeedback.findByRater(t.projectId, a[0]!, `operator:${admin.body.user.id}`),
    ).toEqual(second.feedback);
  });

  it_(
    "listForMessages: in the order of the ids asked for, oldest first within each, this project's only",
    async () => {
      const { t, repos, a, b } = await setup();
      const save = (overrides: Partial<FeedbackWrite>) =>
        repos.transaction((trx) => trx.messageFeedback.save(write(t, overrides)));
      await save({ message_id: b[0]!, thread_id: "b", rater: "api", now: "2026-11-21T10:00:00.000Z" });
      await save({
        message_id: a[1]!,
        rater: "customer",
        source: "customer",
        now: "2026-11-21T10:00:03.000Z",
      });
      await save({ message_id: a[1]!, rater: "api", rating: "down", now: "2026-11-21T10:00:01.000Z" });
      await save({ message_id: a[0]!, rater: "api", now: "2026-11-21T10:00:02.000Z" });

      const listed = await repos.messageFeedback.listForMessages(t.projectId, [a[1]!, b[0]!, a[0]!]);
      expect(listed.map((f) => [f.message_id, f.created_at])).toEqual([
        [a[1], "2026-11-21T10:00:01.000Z"],
        [a[1], "2026-11-21T10:00:03.000Z"],
        [b[0], "2026-11-21T10:00:00.000Z"],
        [a[0], "2026-11-21T10:00:02.000Z"],
      ]);
      expect(await repos.messageFeedback.listForMessages(t.projectId, [])).toEqual([]);
      expect(await repos.messageFeedback.listForMessages("prj_other", [a[0]!, a[1]!])).toEqual([]);
      // Long lists go in several queries.
      const many = [...Array.from({ length: 1200 }, (_, i) => `msg_none_${i}`), a[0]!];
      expect(
        (await repos.messageFeedback.listForMessages(t.projectId, many)).map((f) => f.message_id),
      ).toEqual([a[0]]);
      expect((await repos.messageFeedback.listForThread(t.projectId, "a")).map((f) => f.created_at)).toEqual([
        "2026-11-21T10:00:01.000Z",
        "2026-11-21T10:00:02.000Z",
        "2026-11-21T10:00:03.000Z",
      ]);
    },
  );
});

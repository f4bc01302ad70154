import { afterEach, describe, expect, it } from "vitest";
import { createRepos } from "../../src/storage/repos/index.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * A message's attachments are changed by more than one writer at once — the job that keeps a
 * customer's files and the turn that transcribes a voice note (docs/channels.md, "Non-text
 * messages") — each changing fields of its own. updateAttachments makes each change one read and
 * write nobody comes between, so parallel writers never undo each other.
 */
describe.each(DIALECTS)("updating a message's attachments on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.skipIf(shouldSkip(dialect))(
    "twenty writers at once each keep their field, and the text set last stays",
    async () => {
      const mock = scriptedModel(() => ({ text: "ok" }));
      t = await createTestApp({ dialect, modelOverride: () => mock.model });
      const { chat } = await activeChat(t);
      await streamTurn(t, chat.id, "th-1", "[voice message, 4 s]");
      const repos = createRepos(t.storage.db);
      const message = await t.storage.db
        .selectFrom("messages")
        .select(["id", "project_id"])
        .where("thread_id", "=", "th-1")
        .where("role", "=", "user")
        .executeTakeFirstOrThrow();
      await t.storage.db
        .updateTable("messages")
        .set({ attachments: JSON.stringify([{ kind: "voice", ref: "file-1" }]) })
        .where("id", "=", message.id)
        .execute();

      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          repos.messages.updateAttachments(message.project_id, message.id, (current) => {
            const [attachment] = JSON.parse(current.attachments ?? "[]") as Array<Record<string, unknown>>;
            return {
              attachments: JSON.stringify([{ ...attachment, [`field${n}`]: n }]),
              ...(n === 7 ? { content: "[voice message, 4 s] hello" } : {}),
            };
          }),
        ),
      );

      const stored = await t.storage.db
        .selectFrom("messages")
        .select(["content", "attachments"])
        .where("id", "=", message.id)
        .executeTakeFirstOrThrow();
      const [attachment] = JSON.parse(stored.attachments ?? "[]") as Array<Record<string, unknown>>;
      expect(attachment).toMatchObject({ kind: "voice", ref: "file-1" });
      expect(Object.keys(attachment ?? {}).filter((key) => key.startsWith("field"))).toHaveLength(20);
      expect(stored.content).toBe("[voice message, 4 s] hello");
      // A message that is gone changes nothing and raises nothing.
      await repos.messages.updateAttachments(message.project_id, "msg_gone", () => ({ attachments: "[]" }));
    },
  );
});

import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/infra/clock.js";
import { newId } from "../../../src/infra/ids.js";
import { JobQueue } from "../../../src/job-queue/job-queue.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

type JobBody = {
  id: string;
  type: string;
  status: string;
  thread_id: string | null;
  payload: Record<string, unknown>;
  cancellable: boolean;
  finished_at: string | null;
};

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe.each(DIALECTS)("jobs API on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  /** A project with a scheduled reply (thread `r-1`) and a scheduled operator message (thread `m-1`). */
  async function scheduled() {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const app = t;
    const { chat } = await activeChat(app);
    const reply = await app.call("POST", `/v1/chats/${chat.id}/threads/r-1/stream`, {
      body: { messages: [{ role: "user", content: "later please" }], scheduledAt: inAnHour() },
    });
    expect(reply.statusCode).toBe(202);
    await streamTurn(app, chat.id, "m-1", "hi");
    await app.call("POST", "/v1/threads/m-1/mode", { body: { mode: "manual" } });
    const message = await app.call("POST", "/v1/threads/m-1/send", {
      body: { text: "See you tomorrow.", scheduledAt: inAnHour() },
    });
    expect(message.statusCode).toBe(202);
    return { app, chat, replyJobId: reply.json().id as string, messageJobId: message.json().id as string };
  }

  const list = async (app: TestApp, query = "", key?: string) => {
    const response = await app.call("GET", `/v1/jobs${query}`, key ? { key } : {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: JobBody[]; next_cursor: string | null };
  };

  /** Queues a job straight into the database, as another part of Parley would. */
  function enqueue(app: TestApp, job: { type: string; payload: unknown; runAt?: Date; projectId?: string }) {
    return new JobQueue({ clock: systemClock, newId }).enqueue(app.storage.db, {
      projectId: app.projectId,
      runAt: new Date(Date.now() + 3_600_000),
      ...job,
    });
  }

  it_("lists the project's jobs newest first, filtered, page by page, and reads one", async () => {
    const { app, replyJobId, messageJobId } = await scheduled();
    const all = await list(app);
    const ids = all.data.map((job) => job.id);
    expect(ids).toContain(replyJobId);
    expect(ids.indexOf(messageJobId)).toBeLessThan(ids.indexOf(replyJobId));
    // The streamed turn of m-1 was a claimed reply job, done by now.
    expect(all.data.some((job) => job.thread_id === "m-1" && job.type === "thread.reply")).toBe(true);

    const pending = await list(app, "?status=pending&type=thread.operator_message");
    expect(pending.data.map((job) => job.id)).toEqual([messageJobId]);
    expect(pending.data[0]).toMatchObject({
      type: "thread.operator_message",
      status: "pending",
      thread_id: "m-1",
      cancellable: true,
      finished_at: null,
      payload: { threadId: "m-1", text: "See you tomorrow." },
    });
    expect((await list(app, "?thread_id=r-1")).data.map((job) => job.id)).toEqual([replyJobId]);
    expect((await list(app, "?thread_id=nobody")).data).toEqual([]);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(app, `?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.data.length).toBeLessThanOrEqual(1);
      paged.push(...page.data.map((job) => job.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(ids);

    const one = await app.call("GET", `/v1/jobs/${replyJobId}`);
    expect(one.json()).toMatchObject({
      id: replyJobId,
      type: "thread.reply",
      status: "pending",
      thread_id: "r-1",
    });
    expect((await app.call("GET", "/v1/jobs/job_missing")).json().code).toBe("job_not_found");
  });

  it_("refuses bad filters and cursors with 422", async () => {
    t = await createTestApp({ dialect });
    for (const query of ["?status=waiting", "?limit=0", "?limit=101", "?cursor=bm90LWEtY3Vyc29y"]) {
      const response = await t.call("GET", `/v1/jobs${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe("validation_failed");
    }
  });

  it_("a cancelled scheduled operator message is never delivered; a later one is", async () => {
    const { app, messageJobId } = await scheduled();
    const cancelled = await app.call("POST", `/v1/jobs/${messageJobId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id: messageJobId,
      status: "cancelled",
      cancellable: false,
      finished_at: expect.any(String),
    });
    expect((await app.call("GET", `/v1/jobs/${messageJobId}`)).json().status).toBe("cancelled");
    const again = await app.call("POST", `/v1/jobs/${messageJobId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("job_not_pending");

    // Were it claimable, the cancelled job (now due first) would run before this one.
    await sql`update jobs set run_at = ${new Date(Date.now() - 60_000).toISOString()} where id = ${messageJobId}`.execute(
      app.storage.db,
    );
    const later = await app.call("POST", "/v1/threads/m-1/send", {
      body: { text: "Sent later.", scheduledAt: new Date(Date.now() + 100).toISOString() },
    });
    expect(later.statusCode).toBe(202);
    const messages = await eventually(
      async () => (await app.call("GET", "/v1/threads/m-1/messages")).json() as Array<{ content: string }>,
      (rows) => rows.some((row) => row.content === "Sent later."),
    );
    expect(messages.map((row) => row.content)).not.toContain("See you tomorrow.");
    expect((await app.call("GET", `/v1/jobs/${messageJobId}`)).json().status).toBe("cancelled");
  });

  it_("cancels a scheduled reply", async () => {
    const { app, replyJobId } = await scheduled();
    const cancelled = await app.call("POST", `/v1/jobs/${replyJobId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", type: "thread.reply" });
    expect((await list(app, "?status=cancelled")).data.map((job) => job.id)).toEqual([replyJobId]);
  });

  it_("409 for a running job and for a type that cannot be cancelled", async () => {
    t = await createTestApp({ dialect });
    const running = await new JobQueue({ clock: systemClock, newId, owner: "elsewhere" }).enqueueClaimed(
      t.storage.db,
      { type: "thread.reply", payload: { projectId: t.projectId, threadId: "x" }, projectId: t.projectId },
    );
    const refused = await t.call("POST", `/v1/jobs/${running.lease.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "job_not_pending" });
    expect(refused.json().message).toContain("running");

    const index = await enqueue(t, {
      type: "memory.index",
      payload: { projectId: t.projectId, threadId: "x" },
    });
    const notCancellable = await t.call("POST", `/v1/jobs/${index.id}/cancel`);
    expect(notCancellable.statusCode).toBe(409);
    expect(notCancellable.json().code).toBe("job_not_cancellable");
    expect((await t.call("GET", `/v1/jobs/${index.id}`)).json().status).toBe("pending");
  });

  it_("a job of another project is 404, and not listed", async () => {
    const { app, messageJobId } = await scheduled();
    const other = await app.otherProject();
    expect((await list(app, "", other.key)).data).toEqual([]);
    for (const [method, url] of [
      ["GET", `/v1/jobs/${messageJobId}`],
      ["POST", `/v1/jobs/${messageJobId}/cancel`],
    ] as const) {
      const response = await app.call(method, url, { key: other.key });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe("job_not_found");
    }
    expect((await app.call("GET", `/v1/jobs/${messageJobId}`)).json().status).toBe("pending");
  });

  it_("an operator sees and cancels only jobs done for a thread", async () => {
    const { app, messageJobId } = await scheduled();
    const connect = await enqueue(app, {
      type: "integration.connect",
      payload: { projectId: app.projectId, integrationId: "int_x" },
    });
    const created = await app.call("POST", "/v1/operators", {
      body: { email: "op@example.com", name: "Op", password: "operator-password-1", role: "operator" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const operator = await signIn(app, "op@example.com", "operator-password-1");

    const seen = (await operator.call("GET", "/v1/jobs")).json() as { data: JobBody[] };
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((job) => job.thread_id !== null)).toBe(true);
    expect((await operator.call("GET", `/v1/jobs/${connect.id}`)).statusCode).toBe(404);
    expect((await app.call("GET", `/v1/jobs/${connect.id}`)).statusCode).toBe(200);

    const cancelled = await operator.call("POST", `/v1/jobs/${messageJobId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
  });

  it_("documents the operations with their ids", async () => {
    t = await createTestApp({ dialect });
    const doc = (await t.app.inject({ url: "/openapi.json" })).json();
    expect(doc.paths["/v1/jobs"].get.operationId).toBe("listJobs");
    expect(doc.paths["/v1/jobs/{job_id}"].get.operationId).toBe("getJob");
    expect(doc.paths["/v1/jobs/{job_id}/cancel"].post.operationId).toBe("cancelJob");
    expect(doc.paths["/v1/jobs/{job_id}/cancel"].post.responses["409"]).toBeDefined();
  });
});

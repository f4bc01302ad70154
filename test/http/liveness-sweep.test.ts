import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/console-session.js";
import { eventually } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { garbage, generate, HIDDEN_ROUTES, HOOK_VENDORS } from "../helpers/fuzz-requests.js";
import { listen } from "../helpers/live-app.js";
import { lastUserText, scriptedModel } from "../helpers/mock-model.js";
import { RouteSweeper, type SweepRequest, type SweepResponse } from "../helpers/route-sweeper.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The liveness sweep (docs/development.md): every route of the OpenAPI document called once with
 * valid minimal input — deletes of empty and of non-empty resources included — and then with the
 * fuzzers' bad input, on both databases. After every single request /readyz must answer 200
 * within a few seconds: a request that wedges the database fails the sweep with its name. No
 * request may answer 5xx, and every valid call must answer as documented.
 */

const SITE = "https://shop.example";
/** A closed port on loopback: vendors, webhook receivers and MCP servers that never answer. */
const NOWHERE = "http://127.0.0.1:9";
/** Extra bad requests per operation, on top of the valid ones (the fuzz test sends many more). */
const FUZZ_PER_OPERATION = 5;

const HANDBOOK = "# Returns\n\nA bike can be returned within 14 days.\n\n# Repairs\n\nWe repair e-bikes.";

/** A multipart upload of a Markdown file (with a purpose for /v1/files, without one for a store). */
function fileForm(name: string, content: string, purpose: string | null = "assistants"): FormData {
  const form = new FormData();
  if (purpose) form.append("purpose", purpose);
  form.append("file", new Blob([content], { type: "text/markdown" }), name);
  return form;
}

/** A model that calls the memory tool when asked to remember (a pending approval), else echoes. */
function sweepModel() {
  return scriptedModel((options) =>
    lastUserText(options).includes("remember")
      ? { toolCall: { name: "update_working_memory", input: { markdown: "- Name: Ann" } } }
      : { text: `Echo: ${lastUserText(options)}` },
  );
}

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`the liveness sweep over every route (${dialect})`, () => {
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      const mock = sweepModel();
      t = await createTestApp({
        dialect,
        modelOverride: () => mock.model,
        // Enforced explicitly so that offers can be bought (through the manual provider) without
        // a payment provider: the valid invoice call succeeds (docs/billing.md, "Enforcement").
        env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true", PARLEY_BILLING_ENFORCE: "true" },
      });
      base = await listen(t);
    });
    afterAll(async () => {
      // A wedged database would keep close() waiting: the sweep has already said which request.
      await Promise.race([t?.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    });

    it("every route, with valid and with bad input, leaves /readyz answering, and none answers 5xx", async () => {
      const doc = (await t.call("GET", "/openapi.json")).json();
      const sweep = new RouteSweeper(base, t.adminKey, doc);
      const call = (request: SweepRequest) => sweep.call(request);
      const json = async (request: SweepRequest) => (await call(request)).json();
      const ids = await validCalls(t, doc, call, json);

      // Every operation reached by a valid call answered as documented.
      expect({
        unexpected: sweep.unexpected,
        notCovered: sweep.operationIds.filter((operation) => !sweep.covered.has(operation)),
      }).toEqual({ unexpected: [], notCovered: [] });

      // The fuzzers' bad input over every operation, destructive ones last.
      const other = await t.otherProject();
      const { safe, destructive } = generate(
        doc,
        ids.byParam,
        [...Object.values(ids.byParam), other.projectId, "thr_elsewhere"],
        seededRandom(dialect === "sqlite" ? 7 : 8),
        FUZZ_PER_OPERATION,
      );
      for (const request of [...safe, ...HIDDEN_ROUTES, ...destructive]) await sweep.fuzz(request);
      // The widget's routes with a visitor token (the generator sends the admin key).
      for (const request of [...safe, ...destructive].filter((r) => r.url.startsWith("/widget/")))
        await sweep.fuzz(request, { authorization: `Bearer ${ids.visitorToken}`, origin: SITE });
      // Endpoints outside the document: vendor hooks, payment notifications, the OpenAI mirror.
      const random = seededRandom(dialect === "sqlite" ? 17 : 18);
      for (let i = 0; i < 40; i += 1) {
        const vendor = HOOK_VENDORS[Math.floor(random() * HOOK_VENDORS.length)] ?? "parley";
        const { body, contentType } = garbage(random);
        const url = [
          `/hooks/${vendor}/${ids.byParam.id}`,
          `/payments/${["tbank", "manual"][i % 2]}/notify`,
          `/openai/v1/vector_stores/${ids.byParam["/v1/vector_stores/{id}:id"]}/search`,
        ][i % 3]!;
        await sweep.fuzz({ method: "POST", url, body }, { "content-type": contentType });
      }
      expect(sweep.serverErrors).toEqual([]);

      const report = process.env.PARLEY_SWEEP_REPORT;
      if (report) {
        const sorted = [...sweep.readyzMs].sort((a, b) => a - b);
        writeFileSync(
          `${report}.${dialect}.json`,
          JSON.stringify({
            requests: sweep.requests,
            readyzMaxMs: sorted.at(-1),
            readyzP99Ms: sorted[Math.floor(sorted.length * 0.99)],
            readyzMedianMs: sorted[Math.floor(sorted.length / 2)],
          }),
        );
      }
    }, 240_000);
  });
}

type Call = (request: SweepRequest) => Promise<SweepResponse>;
// biome-ignore lint/suspicious/noExplicitAny: the routes' answers, read as they come
type JsonCall = (request: SweepRequest) => Promise<any>;

/**
 * One valid call of every operation, in an order that gives each the resources it needs. Deletes
 * work on resources made for them: one empty, one with what hangs off it. Returns the ids left
 * standing, for the fuzzer's path slots.
 */
async function validCalls(t: TestApp, doc: { paths: object }, call: Call, json: JsonCall) {
  // Console sessions: the admin, and an operator who changes their password and signs out.
  const admin = await signIn(t);
  const session = (extra: Record<string, string> = {}) => ({
    key: null,
    headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, ...extra },
  });
  await call({
    method: "POST",
    url: "/v1/sessions",
    key: null,
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  await call({ method: "GET", url: "/v1/session", ...session() });
  await call({ method: "POST", url: "/v1/session/project", ...session(), body: { project_id: t.projectId } });
  const operator = await json({
    method: "POST",
    url: "/v1/operators",
    body: { email: "olga@example.com", name: "Olga", password: "operator-password", role: "operator" },
  });
  await call({ method: "GET", url: "/v1/operators" });
  await call({ method: "GET", url: `/v1/operators/${operator.id}` });
  await call({ method: "POST", url: `/v1/operators/${operator.id}`, body: { name: "Olga K" } });
  const olga = await signIn(t, "olga@example.com", "operator-password");
  const olgaSession = { key: null, headers: { cookie: olga.cookie, "x-csrf-token": olga.csrf } };
  // Availability (docs/routing.md): her own, and an admin's for anyone.
  await call({
    method: "POST",
    url: "/v1/operators/me/availability",
    ...olgaSession,
    body: { availability: "busy" },
  });
  await call({
    method: "POST",
    url: `/v1/operators/${operator.id}/availability`,
    body: { availability: "online" },
  });
  await call({
    method: "POST",
    url: "/v1/session/password",
    ...olgaSession,
    body: { current_password: "operator-password", new_password: "operator-password-2" },
    expect: [204],
  });
  const olgaAgain = await signIn(t, "olga@example.com", "operator-password-2");
  await call({
    method: "POST",
    url: "/v1/session/sign-out",
    key: null,
    headers: { cookie: olgaAgain.cookie, "x-csrf-token": olgaAgain.csrf },
    expect: [204],
  });

  // Projects and their keys.
  await call({ method: "GET", url: "/v1/projects" });
  const project = await json({
    method: "POST",
    url: "/v1/projects",
    body: { name: "Sweep", organization_id: t.organizationId },
  });
  const key = await json({
    method: "POST",
    url: `/v1/projects/${t.projectId}/api-keys`,
    body: { name: "sweep" },
  });
  await call({ method: "GET", url: `/v1/projects/${t.projectId}/api-keys` });
  const doomedKey = await json({
    method: "POST",
    url: `/v1/projects/${project.id}/api-keys`,
    body: { name: "x" },
  });
  await call({ method: "DELETE", url: `/v1/projects/${project.id}/api-keys/${doomedKey.id}` });

  // Bots.
  const bot = await json({ method: "POST", url: "/v1/bots", body: { name: "Helper" } });
  await call({ method: "GET", url: "/v1/bots" });
  await call({ method: "GET", url: `/v1/bots/${bot.id}` });
  await call({ method: "POST", url: `/v1/bots/${bot.id}`, body: { description: "Answers" } });
  await call({ method: "POST", url: `/v1/bots/${bot.id}/status`, body: { status: "active" } });
  await call({ method: "GET", url: `/v1/bots/${bot.id}/settings` });
  await call({
    method: "POST",
    url: `/v1/bots/${bot.id}/settings`,
    body: { ai: { tools: { update_working_memory: "operator_approve" } } },
  });
  // Its versions and draft (docs/quality.md, "Versions").
  await call({ method: "POST", url: `/v1/bots/${bot.id}/draft`, body: { ai: { instruction: "Drafted" } } });
  await call({ method: "GET", url: `/v1/bots/${bot.id}/draft` });
  await call({ method: "GET", url: `/v1/bots/${bot.id}/versions` });
  await call({ method: "GET", url: `/v1/bots/${bot.id}/versions/draft` });
  await call({ method: "GET", url: `/v1/bots/${bot.id}/versions/diff?from=published&to=draft` });
  await call({ method: "POST", url: `/v1/bots/${bot.id}/publish`, body: { note: "Swept" } });
  await call({ method: "POST", url: `/v1/bots/${bot.id}/rollback`, body: {} });
  await call({ method: "POST", url: `/v1/bots/${bot.id}/draft`, body: { ai: { instruction: "Again" } } });
  await call({ method: "POST", url: `/v1/bots/${bot.id}/draft/discard` });
  const copy = await json({ method: "POST", url: `/v1/bots/${bot.id}/clone`, body: {} });
  await call({ method: "POST", url: `/v1/bots/${copy.id}/delete`, note: "a bot nothing uses" });

  // An integration of the parley vendor, its chats.
  const integration = await json({
    method: "POST",
    url: "/v1/integrations",
    body: { name: "Web", vendor: "parley", auth_data: {} },
  });
  await call({ method: "GET", url: "/v1/integrations" });
  await call({ method: "GET", url: `/v1/integrations/${integration.id}` });
  await call({ method: "POST", url: `/v1/integrations/${integration.id}`, body: { name: "Website" } });
  await call({ method: "GET", url: `/v1/integrations/${integration.id}/profile` });
  // The parley channel does not connect by OAuth: its documented refusal.
  await call({ method: "POST", url: `/v1/integrations/${integration.id}/oauth/start`, expect: [422] });
  const chat = await json({
    method: "POST",
    url: `/v1/integrations/${integration.id}/chats`,
    body: { bot_id: bot.id, name: "site" },
  });
  await call({ method: "GET", url: "/v1/chats" });
  await call({ method: "GET", url: `/v1/chats/${chat.id}` });
  await call({ method: "GET", url: `/v1/integrations/${integration.id}/chats` });
  await call({
    method: "POST",
    url: `/v1/integrations/${integration.id}/chats/${chat.id}`,
    body: { name: "Site" },
  });
  await call({
    method: "POST",
    url: `/v1/integrations/${integration.id}/chats/${chat.id}/status`,
    body: { status: "active" },
  });

  // Webhook endpoints (their deliveries come from the turns below).
  const endpoint = await json({
    method: "POST",
    url: "/v1/webhook-endpoints",
    body: { url: `${NOWHERE}/hook`, events: ["thread.message.created"] },
  });
  await call({ method: "GET", url: "/v1/webhook-endpoints" });
  await call({ method: "GET", url: `/v1/webhook-endpoints/${endpoint.id}` });
  await call({ method: "PUT", url: `/v1/webhook-endpoints/${endpoint.id}`, body: { ordered: false } });
  await call({ method: "GET", url: "/v1/webhook-events/types" });

  // Threads: a turn through the stream, then every thread route on it.
  const thread = "thr_sweep";
  await call({
    method: "POST",
    url: `/v1/chats/${chat.id}/threads/${thread}/stream`,
    body: { messages: [{ role: "user", content: "hello" }] },
  });
  await call({ method: "GET", url: "/v1/threads" });
  await call({ method: "GET", url: `/v1/threads/${thread}` });
  await call({ method: "GET", url: `/v1/threads/${thread}/messages` });
  await call({ method: "GET", url: `/v1/threads/${thread}/memory` });
  await call({ method: "GET", url: `/v1/threads/${thread}/export?format=text` });
  await call({ method: "GET", url: `/v1/threads/${thread}/export?format=json` });
  await call({ method: "GET", url: "/v1/threads/export.csv" });
  await call({ method: "GET", url: `/v1/chats/${chat.id}/threads` });
  await call({ method: "GET", url: `/v1/chats/${chat.id}/threads/${thread}/messages` });
  await call({ method: "GET", url: "/v1/threads/events" });
  await call({ method: "GET", url: `/v1/threads/events/${thread}` });
  await call({ method: "POST", url: `/v1/threads/${thread}/assign`, body: { operator_id: operator.id } });
  await call({ method: "GET", url: "/v1/threads/counts" });
  await call({ method: "POST", url: `/v1/threads/${thread}/status`, body: { status: "resolved" } });
  await call({ method: "POST", url: `/v1/threads/${thread}/mode`, body: { mode: "manual" } });
  await call({ method: "POST", url: `/v1/threads/${thread}/send`, body: { text: "An operator here" } });
  // Files an operator sends (docs/channels.md, "Files"), and a customer's kept file that is not there.
  const upload = new FormData();
  upload.append("file", new Blob(["Opening hours: 9 to 18."], { type: "text/plain" }), "hours.txt");
  const sent = await json({ method: "POST", url: `/v1/threads/${thread}/files`, form: upload });
  await call({ method: "GET", url: `/v1/threads/${thread}/files/${sent.id}` });
  await call({ method: "POST", url: `/v1/threads/${thread}/send`, body: { files: [sent.id] } });
  await call({ method: "GET", url: `/v1/threads/${thread}/attachments/att_missing`, expect: [404] });
  // WhatsApp templates on a channel that is no WhatsApp: the documented refusals.
  await call({ method: "GET", url: `/v1/integrations/${integration.id}/whatsapp_templates`, expect: [409] });
  await call({
    method: "POST",
    url: `/v1/integrations/${integration.id}/whatsapp_templates/sync`,
    expect: [409],
  });
  await call({
    method: "POST",
    url: `/v1/threads/${thread}/template`,
    body: { name: "order_update", language: "en_US" },
    expect: [409],
  });
  await call({ method: "POST", url: `/v1/chats/${chat.id}/threads/${thread}/mode`, body: { mode: "auto" } });
  // Routing (docs/routing.md): settings, teams and members, a thread's team queue.
  await call({ method: "GET", url: "/v1/routing" });
  const team = await json({ method: "POST", url: "/v1/teams", body: { name: "Billing" } });
  await call({ method: "GET", url: "/v1/teams" });
  await call({ method: "GET", url: `/v1/teams/${team.id}` });
  await call({ method: "POST", url: `/v1/teams/${team.id}`, body: { name: "Payments" } });
  await call({ method: "POST", url: `/v1/teams/${team.id}/members`, body: { operator_id: operator.id } });
  await call({ method: "POST", url: "/v1/routing", body: { auto_assign: true, handoff_team_id: team.id } });
  await call({ method: "POST", url: `/v1/threads/${thread}/team`, body: { team_id: team.id } });
  await call({ method: "POST", url: `/v1/teams/${team.id}/members/${operator.id}/delete` });
  const spareTeam = await json({ method: "POST", url: "/v1/teams", body: { name: "Spare" } });
  await call({ method: "POST", url: `/v1/teams/${spareTeam.id}/delete`, note: "a team without threads" });
  // Feedback on the bot's reply: rated, listed, taken back, rated again (it stays for the fuzzer).
  const replies = await json({ method: "GET", url: `/v1/threads/${thread}/messages` });
  const botReply = replies.find((m: { author: string }) => m.author === "bot");
  expect(botReply, "a bot reply to rate").toBeDefined();
  const feedbackUrl = `/v1/threads/${thread}/messages/${botReply.id}/feedback`;
  await call({ method: "POST", url: feedbackUrl, body: { rating: "down", correction: "A better answer" } });
  await call({ method: "GET", url: feedbackUrl });
  await call({ method: "GET", url: `/v1/threads/${thread}/feedback` });
  await call({ method: "DELETE", url: feedbackUrl });
  await call({ method: "POST", url: feedbackUrl, body: { rating: "up" } });
  // Labels (docs/labels.md): made, read, renamed, put on the thread and a contact and taken off,
  // one deleted while a thread carries it; the other stays for the fuzzer.
  const label = await json({ method: "POST", url: "/v1/labels", body: { name: "vip", color: "#ffaa00" } });
  const doomed = await json({ method: "POST", url: "/v1/labels", body: { name: "refund" } });
  await call({ method: "GET", url: "/v1/labels" });
  await call({ method: "GET", url: `/v1/labels/${label.id}` });
  await call({ method: "POST", url: `/v1/labels/${label.id}`, body: { description: "Big customers" } });
  await call({ method: "POST", url: `/v1/threads/${thread}/labels`, body: { labels: ["vip", "refund"] } });
  await call({ method: "GET", url: `/v1/threads/${thread}/labels` });
  await call({ method: "POST", url: `/v1/threads/${thread}/labels/remove`, body: { labels: ["vip"] } });
  await call({
    method: "POST",
    url: `/v1/chats/${chat.id}/threads/thr_sweep_person/stream`,
    body: { messages: [{ role: "user", content: "hello" }], person: { external_id: "sweep-ann" } },
  });
  const contact = (await json({ method: "GET", url: "/v1/threads/thr_sweep_person" })).person;
  await call({
    method: "POST",
    url: `/v1/contacts/${contact.id}/labels`,
    body: { labels: ["vip", "refund"] },
  });
  await call({ method: "GET", url: `/v1/contacts/${contact.id}/labels` });
  await call({ method: "POST", url: `/v1/contacts/${contact.id}/labels/remove`, body: { labels: ["vip"] } });
  await call({
    method: "POST",
    url: `/v1/labels/${doomed.id}/delete`,
    note: "a label on a thread and a contact",
  });
  // Private notes: written (mentioning Olga), listed, edited; one deleted; the admin's mentions inbox.
  const notesUrl = `/v1/threads/${thread}/notes`;
  const note = await json({ method: "POST", url: notesUrl, body: { text: "VIP", mentions: [operator.id] } });
  await call({ method: "GET", url: notesUrl });
  await call({ method: "POST", url: `${notesUrl}/${note.id}`, body: { text: "VIP, refund approved" } });
  const spareNote = await json({ method: "POST", url: notesUrl, body: { text: "Scratch" } });
  await call({ method: "POST", url: `${notesUrl}/${spareNote.id}/delete` });
  await call({ method: "GET", url: "/v1/operators/me/mentions?unread=true", ...session() });
  await call({ method: "POST", url: "/v1/operators/me/mentions/read", ...session(), body: { all: true } });
  // The reply's trace, and the thread's.
  await call({ method: "GET", url: `/v1/threads/${thread}/messages/${botReply.id}/trace` });
  await call({ method: "GET", url: `/v1/threads/${thread}/traces` });
  // Evaluations: a case by hand, from the thread and from its rated reply; a run, its result's
  // trace, two runs compared, a case deleted (docs/quality.md, "Evaluations").
  const evals = `/v1/bots/${bot.id}/evals`;
  const evalCase = await json({
    method: "POST",
    url: `${evals}/cases`,
    body: {
      name: "Greeting",
      messages: [{ role: "user", content: "hello" }],
      expectations: [{ type: "contains", value: "hello" }],
    },
  });
  await call({ method: "GET", url: `${evals}/cases` });
  await call({ method: "GET", url: `${evals}/cases/${evalCase.id}` });
  await call({ method: "POST", url: `${evals}/cases/${evalCase.id}`, body: { name: "Hello" } });
  const fromThread = await json({
    method: "POST",
    url: `${evals}/cases/from_thread`,
    body: { thread_id: thread },
  });
  await call({
    method: "POST",
    url: `${evals}/cases/from_feedback`,
    body: { thread_id: thread, message_id: botReply.id },
  });
  const evalRun = await json({ method: "POST", url: `${evals}/runs`, body: { case_ids: [evalCase.id] } });
  await call({ method: "GET", url: `${evals}/runs` });
  await eventually(
    async () => (await t.call("GET", `${evals}/runs/${evalRun.id}`)).json().status,
    (status) => status === "completed",
  );
  await call({ method: "GET", url: `${evals}/runs/${evalRun.id}` });
  await call({ method: "GET", url: `${evals}/runs/${evalRun.id}/results/${evalCase.id}/trace` });
  await call({ method: "GET", url: `${evals}/compare?base=${evalRun.id}&head=${evalRun.id}` });
  await call({ method: "POST", url: `${evals}/cases/${fromThread.id}/delete` });
  // No failed reply waits: the retry is a documented 409 (nothing_to_retry).
  await call({ method: "POST", url: `/v1/threads/${thread}/reply/retry`, expect: [409] });
  // A pending approval (the bot asks an operator before it writes its memory), decided.
  const asking = "thr_approval";
  await call({
    method: "POST",
    url: `/v1/chats/${chat.id}/threads/${asking}/stream`,
    body: { messages: [{ role: "user", content: "please remember my name" }] },
  });
  const approvals = await json({ method: "GET", url: `/v1/threads/${asking}/approvals` });
  const approval = approvals.find((a: { status: string }) => a.status === "pending");
  expect(approval, "a pending approval").toBeDefined();
  await call({
    method: "POST",
    url: `/v1/threads/${asking}/approvals/${approval.id}`,
    body: { approve: true },
  });
  // Deliveries of the messages above (to a closed port: they fail, and can be retried).
  const deliveries = await json({ method: "GET", url: `/v1/webhook-endpoints/${endpoint.id}/deliveries` });
  const delivery = deliveries.data[0];
  expect(delivery, "a webhook delivery").toBeDefined();
  await call({
    method: "POST",
    url: `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`,
  });

  // The web widget, admin side then visitor side.
  await call({ method: "POST", url: `/v1/chats/${chat.id}/widget`, body: { allowed_origins: [SITE] } });
  await call({ method: "GET", url: `/v1/chats/${chat.id}/widget` });
  await call({ method: "POST", url: `/v1/chats/${chat.id}/widget/identity-secret` });
  await call({ method: "GET", url: `/widget/v1/chats/${chat.id}`, key: null, headers: { origin: SITE } });
  const visitor = await json({
    method: "POST",
    url: `/widget/v1/chats/${chat.id}/sessions`,
    key: null,
    headers: { origin: SITE },
    body: {},
  });
  const asVisitor = { key: visitor.visitor_token as string, headers: { origin: SITE } };
  await call({ method: "POST", url: "/widget/v1/messages", ...asVisitor, body: { text: "Hi there" } });
  const visitorHistory = await json({ method: "GET", url: "/widget/v1/messages", ...asVisitor });
  const visitorReply = visitorHistory.data.find((m: { author: string }) => m.author === "bot");
  expect(visitorReply, "a bot reply in the widget").toBeDefined();
  await call({
    method: "POST",
    url: `/widget/v1/messages/${visitorReply.id}/feedback`,
    ...asVisitor,
    body: { rating: "up", comment: "Helpful" },
  });
  await call({ method: "GET", url: "/widget/v1/events", ...asVisitor });

  // Models, tools, custom tools, MCP servers.
  await call({ method: "GET", url: "/v1/models" });
  // Tests point the model hub at a closed port: the download starts and fails in the background.
  await call({ method: "POST", url: "/v1/models/download", body: { model: "local/qwen2.5-0.5b-instruct" } });
  await call({ method: "GET", url: "/v1/tools" });
  const tool = await json({
    method: "POST",
    url: "/v1/tools/custom",
    body: { name: "order_status", description: "An order's status", method: "GET", url: `${NOWHERE}/orders` },
  });
  await call({ method: "GET", url: "/v1/tools/custom" });
  await call({ method: "GET", url: `/v1/tools/custom/${tool.id}` });
  await call({
    method: "POST",
    url: `/v1/tools/custom/${tool.id}`,
    body: { description: "Where an order is" },
  });
  await call({ method: "POST", url: `/v1/tools/custom/${tool.id}/rotate-secret` });
  await call({
    method: "POST",
    url: "/v1/tools/custom/import",
    body: {
      document: {
        openapi: "3.1.0",
        info: { title: "Shop", version: "1" },
        servers: [{ url: NOWHERE }],
        paths: { "/stock": { get: { operationId: "stock_level", summary: "The stock of an item" } } },
      },
    },
  });
  const mcp = await json({
    method: "POST",
    url: "/v1/mcp-servers",
    body: { name: "shop", url: `${NOWHERE}/mcp` },
  });
  await call({ method: "GET", url: "/v1/mcp-servers" });
  await call({ method: "GET", url: `/v1/mcp-servers/${mcp.id}` });
  await call({ method: "POST", url: `/v1/mcp-servers/${mcp.id}`, body: { timeout_ms: 1000 } });
  // The server never answers: the refresh records that in the server's status.
  await call({ method: "POST", url: `/v1/mcp-servers/${mcp.id}/refresh` });

  // Canned responses: written, searched, rendered for a thread, deleted.
  const canned = await json({
    method: "POST",
    url: "/v1/canned_responses",
    body: {
      short_code: "hello",
      title: "Greeting",
      content: "Hi {{contact.name|there}}, {{operator.name}} here.",
    },
  });
  await call({ method: "GET", url: "/v1/canned_responses?q=greet" });
  await call({ method: "GET", url: `/v1/canned_responses/${canned.id}` });
  await call({ method: "POST", url: `/v1/canned_responses/${canned.id}`, body: { title: "Hello" } });
  await call({
    method: "POST",
    url: `/v1/canned_responses/${canned.id}/render`,
    body: { thread_id: thread },
  });
  await call({ method: "POST", url: `/v1/canned_responses/${canned.id}/delete` });

  // Jobs and billing.
  const jobs = await json({ method: "GET", url: "/v1/jobs" });
  const job = jobs.data[0];
  expect(job, "a job").toBeDefined();
  await call({ method: "GET", url: `/v1/jobs/${job.id}` });
  // Only a pending job can be cancelled; whether this one still is depends on the worker.
  await call({ method: "POST", url: `/v1/jobs/${job.id}/cancel`, expect: [200, 409] });
  await call({ method: "GET", url: "/v1/billing/account" });
  await call({ method: "GET", url: "/v1/billing/balance" });
  await call({ method: "GET", url: "/v1/billing/transactions" });
  const offers = await json({ method: "GET", url: "/v1/billing/offers" });
  await call({ method: "GET", url: "/v1/billing/invoices" });
  await call({ method: "POST", url: "/v1/billing/invoices", body: { offer_id: offers[0].id } });

  // Analytics: the report and its CSV, over the conversations above.
  await call({ method: "GET", url: "/v1/analytics?time_zone=Europe/Moscow" });
  await call({ method: "GET", url: "/v1/analytics.csv?from=2026-01-01&to=2026-12-31" });

  // Business hours: the setting, replaced, and whether people are in.
  await call({ method: "GET", url: "/v1/business_hours" });
  await call({
    method: "POST",
    url: "/v1/business_hours",
    body: {
      enabled: true,
      timezone: "Europe/Berlin",
      weekly: { mon: [{ from: "09:00", to: "18:00" }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      holidays: [{ date: "2026-12-31" }],
      out_of_hours_message: { default: "Back {{next_open}}." },
    },
  });
  await call({ method: "GET", url: "/v1/business_hours/status?at=2026-11-29T10:00:00Z" });

  // CSAT: the setting, a survey on the visitor's resolved conversation rated in the widget,
  // a rating given elsewhere, the reports.
  await call({ method: "GET", url: "/v1/csat" });
  await call({ method: "POST", url: "/v1/csat", body: { enabled: true, scale: "emoji" } });
  await call({
    method: "POST",
    url: `/v1/threads/${visitor.thread_id}/status`,
    body: { status: "resolved" },
  });
  await call({
    method: "POST",
    url: "/widget/v1/rating",
    ...asVisitor,
    body: { rating: 5, comment: "Great" },
  });
  await call({ method: "GET", url: `/v1/threads/${visitor.thread_id}/rating` });
  await call({ method: "POST", url: `/v1/threads/${thread}/rating`, body: { rating: 4 } });
  await call({ method: "GET", url: "/v1/csat/summary?group_by=bot" });
  await call({ method: "GET", url: "/v1/csat/ratings?limit=10" });

  // Knowledge: files, stores empty and with files, batches, search.
  // An empty store first, before anything has used the vector index.
  const empty = await json({ method: "POST", url: "/v1/vector_stores", body: { name: "Empty" } });
  await call({ method: "DELETE", url: `/v1/vector_stores/${empty.id}`, note: "an empty store" });
  const file = await json({ method: "POST", url: "/v1/files", form: fileForm("handbook.md", HANDBOOK) });
  const loose = await json({ method: "POST", url: "/v1/files", form: fileForm("loose.md", "Loose notes.") });
  await call({ method: "GET", url: "/v1/files" });
  await call({ method: "GET", url: `/v1/files/${file.id}` });
  await call({ method: "GET", url: `/v1/files/${file.id}/content` });
  const store = await json({
    method: "POST",
    url: "/v1/vector_stores",
    body: { name: "Shop", file_ids: [file.id] },
  });
  await call({ method: "GET", url: "/v1/vector_stores" });
  await call({ method: "GET", url: `/v1/vector_stores/${store.id}` });
  await call({ method: "POST", url: `/v1/vector_stores/${store.id}`, body: { name: "Shop docs" } });
  await call({ method: "GET", url: `/v1/vector_stores/${store.id}/files` });
  await call({ method: "GET", url: `/v1/vector_stores/${store.id}/files/${file.id}` });
  await call({
    method: "POST",
    url: `/v1/vector_stores/${store.id}/files/${file.id}`,
    body: { attributes: { kind: "handbook" } },
  });
  await call({ method: "GET", url: `/v1/vector_stores/${store.id}/files/${file.id}/content` });
  await call({ method: "POST", url: `/v1/vector_stores/${store.id}/search`, body: { query: "returns" } });
  const added = await json({ method: "POST", url: "/v1/files", form: fileForm("added.md", "Added later.") });
  await call({ method: "POST", url: `/v1/vector_stores/${store.id}/files`, body: { file_id: added.id } });
  const uploaded = await json({
    method: "POST",
    url: `/v1/vector_stores/${store.id}/files`,
    form: fileForm("uploaded.md", "Uploaded into the store.", null),
  });
  const batchFile = await json({
    method: "POST",
    url: "/v1/files",
    form: fileForm("batch.md", "In a batch."),
  });
  const batch = await json({
    method: "POST",
    url: `/v1/vector_stores/${store.id}/file_batches`,
    body: { file_ids: [batchFile.id] },
  });
  await call({ method: "GET", url: `/v1/vector_stores/${store.id}/file_batches/${batch.id}` });
  await call({ method: "GET", url: `/v1/vector_stores/${store.id}/file_batches/${batch.id}/files` });
  await call({
    method: "POST",
    url: `/v1/vector_stores/${store.id}/file_batches/${batch.id}/cancel`,
    expect: [200, 409],
  });
  await call({ method: "DELETE", url: `/v1/vector_stores/${store.id}/files/${uploaded.id}` });
  // A store whose file is ingested (chunks and vectors to delete with it).
  const ingested = await json({
    method: "POST",
    url: "/v1/vector_stores",
    body: { name: "Ingested", file_ids: [file.id] },
  });
  for (let polls = 0; ; polls += 1) {
    const state = await json({ method: "GET", url: `/v1/vector_stores/${ingested.id}` });
    if (state.status === "ready") break;
    expect(polls, "the store's file is never ingested").toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await call({
    method: "DELETE",
    url: `/v1/vector_stores/${ingested.id}`,
    note: "a store with an ingested file",
  });

  // Deletes, of empty resources and of resources with what hangs off them.
  const full = await json({
    method: "POST",
    url: "/v1/vector_stores",
    body: { name: "Full", file_ids: [loose.id] },
  });
  await call({ method: "DELETE", url: `/v1/vector_stores/${full.id}`, note: "a store with a file" });
  await call({ method: "DELETE", url: `/v1/files/${loose.id}`, note: "a file of a deleted store" });
  await call({ method: "DELETE", url: `/v1/files/${added.id}`, note: "a file in a store" });
  const lone = await json({ method: "POST", url: "/v1/files", form: fileForm("lone.md", "Alone.") });
  await call({ method: "DELETE", url: `/v1/files/${lone.id}`, note: "a file in no store" });

  await call({
    method: "POST",
    url: `/v1/chats/${chat.id}/threads/${asking}/delete`,
    note: "a thread with messages",
  });
  await call({
    method: "POST",
    url: `/v1/chats/${chat.id}/threads/thr_never/delete`,
    note: "a thread that never was",
    expect: [404],
  });

  const spareTool = await json({
    method: "POST",
    url: "/v1/tools/custom",
    body: { name: "spare", description: "Unused", method: "POST", url: `${NOWHERE}/spare` },
  });
  await call({ method: "DELETE", url: `/v1/tools/custom/${spareTool.id}` });
  const spareMcp = await json({
    method: "POST",
    url: "/v1/mcp-servers",
    body: { name: "spare", url: `${NOWHERE}/x` },
  });
  await call({ method: "DELETE", url: `/v1/mcp-servers/${spareMcp.id}` });
  const quiet = await json({
    method: "POST",
    url: "/v1/webhook-endpoints",
    body: { url: `${NOWHERE}/quiet` },
  });
  await call({
    method: "DELETE",
    url: `/v1/webhook-endpoints/${quiet.id}`,
    note: "an endpoint without deliveries",
  });

  // A bot, an integration and a chat with threads, deleted the way a user would.
  const busyBot = await json({ method: "POST", url: "/v1/bots", body: { name: "Busy" } });
  const busyIntegration = await json({
    method: "POST",
    url: "/v1/integrations",
    body: { name: "Busy", vendor: "parley", auth_data: {} },
  });
  const busyChats = [];
  for (const name of ["one", "two", "three"]) {
    const busyChat = await json({
      method: "POST",
      url: `/v1/integrations/${busyIntegration.id}/chats`,
      body: { bot_id: busyBot.id, name },
    });
    await call({
      method: "POST",
      url: `/v1/integrations/${busyIntegration.id}/chats/${busyChat.id}/status`,
      body: { status: "active" },
    });
    busyChats.push(busyChat);
  }
  for (const busyChat of busyChats.slice(0, 2))
    await call({
      method: "POST",
      url: `/v1/chats/${busyChat.id}/threads/thr_${busyChat.name}/stream`,
      body: { messages: [{ role: "user", content: "hello" }] },
    });
  const idleChat = busyChats[2];
  await call({
    method: "DELETE",
    url: `/v1/integrations/${busyIntegration.id}/chats/${idleChat.id}`,
    note: "a chat without threads",
  });
  await call({
    method: "DELETE",
    url: `/v1/integrations/${busyIntegration.id}/chats/${busyChats[0].id}`,
    note: "a chat with a thread",
  });
  await call({
    method: "POST",
    url: `/v1/bots/${busyBot.id}/delete`,
    note: "a bot a chat uses",
    expect: [409],
  });
  await call({
    method: "DELETE",
    url: `/v1/integrations/${busyIntegration.id}`,
    note: "an integration with a chat",
  });
  await call({
    method: "POST",
    url: `/v1/bots/${busyBot.id}/delete`,
    note: "a bot with threads",
  });
  const idle = await json({
    method: "POST",
    url: "/v1/integrations",
    body: { name: "Idle", vendor: "parley", auth_data: {} },
  });
  await call({ method: "DELETE", url: `/v1/integrations/${idle.id}`, note: "an integration without chats" });

  const spare = await json({
    method: "POST",
    url: "/v1/operators",
    body: { email: "spare@example.com", name: "Spare", password: "operator-password", role: "operator" },
  });
  await call({
    method: "POST",
    url: `/v1/operators/${spare.id}/delete`,
    note: "an operator with no threads",
  });
  await call({
    method: "POST",
    url: `/v1/operators/${operator.id}/delete`,
    note: "an operator assigned a thread",
  });

  // Contacts (docs/contacts.md): one edited, one merged into it, one deleted.
  const kept = await json({
    method: "POST",
    url: "/v1/contacts",
    body: {
      name: "Ann",
      email: "ann@example.com",
      attributes: { plan: "pro" },
      external_id: "sweep-contact-kept",
    },
  });
  const duplicate = await json({ method: "POST", url: "/v1/contacts", body: { name: "Ann again" } });
  await call({ method: "GET", url: "/v1/contacts?q=ann" });
  await call({ method: "GET", url: `/v1/contacts/${kept.id}` });
  await call({ method: "POST", url: `/v1/contacts/${kept.id}`, body: { phone: "+1 555 0100" } });
  await call({ method: "GET", url: `/v1/contacts/${kept.id}/threads` });
  await call({ method: "POST", url: `/v1/contacts/${kept.id}/merge`, body: { from: duplicate.id } });
  const doomedContact = await json({ method: "POST", url: "/v1/contacts", body: { name: "Gone" } });
  await call({ method: "POST", url: `/v1/contacts/${doomedContact.id}/delete`, note: "a contact" });

  return {
    visitorToken: visitor.visitor_token as string,
    /** Ids for the fuzzer's path slots, by parameter name (or `template:name`). */
    byParam: {
      bot_id: bot.id,
      case_id: evalCase.id,
      run_id: evalRun.id,
      chat_id: chat.id,
      thread_id: thread,
      label_id: label.id,
      contact_id: contact.id,
      key_id: key.id,
      operator_id: spare.id,
      team_id: team.id,
      approval_id: approval.id,
      message_id: botReply.id,
      note_id: note.id,
      "/widget/v1/messages/{message_id}/feedback:message_id": visitorReply.id,
      delivery_id: delivery.id,
      job_id: job.id,
      tool_id: tool.id,
      file_id: file.id,
      batch_id: batch.id,
      id: integration.id,
      "/v1/projects/{id}/api-keys:id": t.projectId,
      "/v1/projects/{id}/api-keys/{key_id}:id": t.projectId,
      "/v1/webhook-endpoints/{id}:id": endpoint.id,
      "/v1/webhook-endpoints/{id}/deliveries:id": endpoint.id,
      "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry:id": endpoint.id,
      "/v1/mcp-servers/{id}:id": mcp.id,
      "/v1/mcp-servers/{id}/refresh:id": mcp.id,
      ...Object.fromEntries(
        Object.keys(doc.paths)
          .filter((template) => template.startsWith("/v1/vector_stores/{id}"))
          .map((template) => [`${template}:id`, store.id as string]),
      ),
    } as Record<string, string>,
  };
}

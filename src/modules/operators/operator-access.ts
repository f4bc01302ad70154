import type { AuthContext } from "../../infra/auth-context.js";
import { forbidden } from "../../infra/errors.js";

/**
 * What a session with the role `operator` may do (docs/console.md, "What an operator may do"):
 * work with threads, and read what the inbox needs to show them. Admin sessions and API keys may
 * do everything their project allows. Checked once, in the API guard, by route pattern; each
 * route is named here, so a new route is an admin's until it is added (and documented: a test
 * holds this list to the documentation). Not an operator's: deleting a conversation, and talking
 * to the bot as the end user (the stream endpoint) — both an admin's.
 */
const OPERATOR_ROUTES = new Set([
  // Their own session.
  "GET /v1/session",
  "POST /v1/session/project",
  "POST /v1/session/sign-out",
  "POST /v1/session/password",
  // Threads: list, search, read, follow live, take over and hand back, block, reply, assign.
  "GET /v1/threads",
  "GET /v1/threads/events",
  "GET /v1/threads/events/:thread_id",
  "GET /v1/threads/:thread_id",
  "GET /v1/threads/:thread_id/messages",
  "GET /v1/threads/:thread_id/memory",
  // Exports: a conversation's transcript, the filtered list as CSV (docs/conversations.md).
  "GET /v1/threads/:thread_id/export",
  // Files: what customers sent (kept copies), and what operators upload and send (docs/channels.md).
  "GET /v1/threads/:thread_id/attachments/:file_id",
  "POST /v1/threads/:thread_id/files",
  "GET /v1/threads/:thread_id/files/:file_id",
  "GET /v1/threads/export.csv",
  "POST /v1/threads/:thread_id/send",
  // WhatsApp templates: pick one and send it once the 24-hour window has closed (docs/channels.md).
  "GET /v1/integrations/:id/whatsapp_templates",
  "POST /v1/integrations/:id/whatsapp_templates/sync",
  "POST /v1/threads/:thread_id/template",
  "POST /v1/threads/:thread_id/assign",
  "POST /v1/threads/:thread_id/status",
  "GET /v1/threads/counts",
  "POST /v1/threads/:thread_id/mode",
  "POST /v1/threads/:thread_id/reply/retry",
  "GET /v1/chats/:chat_id/threads",
  "GET /v1/chats/:chat_id/threads/:thread_id/messages",
  "POST /v1/chats/:chat_id/threads/:thread_id/mode",
  // Feedback on the bot's answers: rate, correct, take back, read (docs/quality.md, "Feedback").
  "GET /v1/threads/:thread_id/feedback",
  "GET /v1/threads/:thread_id/messages/:message_id/feedback",
  "POST /v1/threads/:thread_id/messages/:message_id/feedback",
  "DELETE /v1/threads/:thread_id/messages/:message_id/feedback",
  // Labels: read the project's, and put them on and take them off threads and contacts (docs/labels.md).
  "GET /v1/labels",
  "GET /v1/labels/:label_id",
  "GET /v1/threads/:thread_id/labels",
  "POST /v1/threads/:thread_id/labels",
  "POST /v1/threads/:thread_id/labels/remove",
  "GET /v1/contacts/:contact_id/labels",
  "POST /v1/contacts/:contact_id/labels",
  "POST /v1/contacts/:contact_id/labels/remove",
  // Why the AI answered as it did: turn traces (docs/quality.md, "Traces").
  "GET /v1/threads/:thread_id/traces",
  "GET /v1/threads/:thread_id/messages/:message_id/trace",
  // Private notes and the mentions inbox (docs/conversations.md, "Private notes").
  "GET /v1/threads/:thread_id/notes",
  "POST /v1/threads/:thread_id/notes",
  "POST /v1/threads/:thread_id/notes/:note_id",
  "POST /v1/threads/:thread_id/notes/:note_id/delete",
  "GET /v1/operators/me/mentions",
  "POST /v1/operators/me/mentions/read",
  // Tool approvals.
  "GET /v1/threads/:thread_id/approvals",
  "POST /v1/threads/:thread_id/approvals/:approval_id",
  // Jobs of threads only (the jobs service narrows them): scheduled replies and messages to cancel.
  "GET /v1/jobs",
  "GET /v1/jobs/:job_id",
  "POST /v1/jobs/:job_id/cancel",
  // Contacts: find, read, edit, merge and delete the people they talk to (docs/contacts.md).
  "GET /v1/contacts",
  "POST /v1/contacts",
  "GET /v1/contacts/:contact_id",
  "POST /v1/contacts/:contact_id",
  "POST /v1/contacts/:contact_id/delete",
  "GET /v1/contacts/:contact_id/threads",
  "POST /v1/contacts/:contact_id/merge",
  // What the inbox shows beside threads: bots, chats, models, tools, and the team.
  "GET /v1/bots",
  "GET /v1/bots/:bot_id",
  "GET /v1/chats",
  "GET /v1/chats/:chat_id",
  "GET /v1/models",
  "GET /v1/tools",
  "GET /v1/operators",
  "GET /v1/operators/:operator_id",
  "GET /v1/business_hours",
  "POST /v1/business_hours",
  "GET /v1/business_hours/status",
  // CSAT (docs/csat.md): the reports, and a thread's rating (read, or one the customer gave by phone).
  "GET /v1/csat",
  "GET /v1/csat/summary",
  "GET /v1/csat/ratings",
  "GET /v1/threads/:thread_id/rating",
  "POST /v1/threads/:thread_id/rating",
  // Canned responses: the team's ready answers, kept and inserted by operators (docs/canned-responses.md).
  "GET /v1/canned_responses",
  "POST /v1/canned_responses",
  "GET /v1/canned_responses/:id",
  "POST /v1/canned_responses/:id",
  "POST /v1/canned_responses/:id/delete",
  "POST /v1/canned_responses/:id/render",
  // Routing (docs/routing.md): their own availability, the teams, a thread's team queue.
  "POST /v1/operators/me/availability",
  "GET /v1/teams",
  "GET /v1/teams/:team_id",
  "GET /v1/routing",
  "POST /v1/threads/:thread_id/team",
]);

export function operatorMay(method: string, routePattern: string): boolean {
  // HEAD is the GET route's own (Fastify answers it from the GET handler).
  const asked = method === "HEAD" ? "GET" : method;
  return OPERATOR_ROUTES.has(`${asked} ${routePattern}`);
}

export function assertOperatorMay(auth: AuthContext, method: string, routePattern: string): void {
  if (auth.operator?.role !== "operator") return;
  if (!operatorMay(method, routePattern)) {
    throw forbidden("Operators work with threads; this needs an admin of the project.");
  }
}

/** For routes that change the project's people: an admin session, or an API key of the project. */
export function assertAdmin(auth: AuthContext): void {
  if (auth.operator && auth.operator.role !== "admin") {
    throw forbidden("Only an admin of the project can do this.");
  }
}

import { createHash, randomBytes } from "node:crypto";
import type { MessageButton, MessageChoice } from "../../events/buttons.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, notFound, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { WidgetVisitorRow } from "../../storage/repos/widget.repo.js";
import type { CustomerRateBody, FeedbackService } from "../feedback/index.js";
import { messageFilesOf } from "../outbound-files/index.js";
import { pressedChoice, type StreamService, type StreamStart } from "../threads/index.js";
import { identitySignatureValid } from "./identity.js";
import type { WidgetFeedback, WidgetMessage } from "./schemas.js";
import { readWidgetSettings, type WidgetSettings } from "./widget-settings-service.js";

/** A visitor of a widget chat, as every token-authenticated widget request sees them. */
export interface VisitorContext {
  visitor: WidgetVisitorRow;
  settings: WidgetSettings;
}

const originNotAllowed = () =>
  new ApiError(403, "origin_not_allowed", "This page's origin may not embed this chat's widget.");
const visitorTokenInvalid = () =>
  new ApiError(401, "visitor_token_invalid", "The visitor token is unknown; start a new session.");

/** The chat talks only to verified users: the widget asks the page for a signed identity. */
const identityRequired = () =>
  new ApiError(401, "identity_required", "This chat talks only to signed-in users of the site.");

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A verified user's first thread in a chat, named after the chat and the user so that every
 * session started before the first message (tabs opened at once) continues the same thread
 * (docs/widget.md).
 */
const identityThreadId = (chatId: string, userId: string) =>
  `w_${createHash("sha256").update(`${chatId}\u0000${userId}`).digest("base64url").slice(0, 22)}`;

/**
 * The public side of the widget (docs/widget.md): one chat, one visitor, nothing else. Every
 * call checks the page's Origin against the chat's allowed origins; a visitor token reaches only
 * its own thread. Messages go through the same stream service as the API's stream endpoint.
 */
export class WidgetVisitorService {
  constructor(
    private readonly deps: {
      repos: Repos;
      secrets: SecretBox;
      clock: Clock;
      newId: IdGenerator;
      stream: StreamService;
      feedback: FeedbackService;
      /** A link a visitor's browser may open for a file a message sent (docs/widget.md, "Files"). */
      fileUrl: FileUrl;
    },
  ) {}

  /** The chat's public settings for a page of an allowed origin. */
  async config(chatId: string, origin: string | undefined) {
    const settings = await this.settingsFor(chatId, origin);
    return { chat_id: chatId, ...settings.theme, identity_required: settings.identityRequired };
  }

  /**
   * Starts a visitor session, or resumes the one whose token the browser kept. A verified
   * identity finds the same person's conversation from any device; an identity that does not
   * verify is refused, so no page can claim another user's history.
   */
  async startSession(
    chatId: string,
    origin: string | undefined,
    body: {
      visitor_token?: string | undefined;
      identity?: { user_id: string; signature: string; name?: string | undefined } | undefined;
    },
  ) {
    const settings = await this.settingsFor(chatId, origin);
    const identity = body.identity;
    if (identity) {
      const secret = settings.identitySecret ? this.deps.secrets.open(settings.identitySecret) : undefined;
      if (!secret || !identitySignatureValid(secret, identity.user_id, identity.signature)) {
        throw new ApiError(401, "identity_invalid", "The identity's signature does not verify.");
      }
    } else if (settings.identityRequired) {
      throw identityRequired();
    }
    const repos = this.deps.repos;
    const now = this.deps.clock.now().toISOString();
    if (body.visitor_token) {
      const known = await repos.widget.findVisitorByToken(hashToken(body.visitor_token));
      if (known && known.chat_id === chatId && known.identity_user_id === (identity?.user_id ?? null)) {
        await repos.widget.touchVisitor(known.id, now);
        return this.sessionView(known, body.visitor_token);
      }
    }
    // The same verified person continues their conversation; anyone else starts a new one.
    const previous = identity ? await repos.widget.findByIdentity(chatId, identity.user_id) : undefined;
    const id = this.deps.newId("vis");
    const token = `pvt_${randomBytes(32).toString("base64url")}`;
    const visitor: WidgetVisitorRow = {
      id,
      chat_id: chatId,
      project_id: settings.projectId,
      token_hash: hashToken(token),
      thread_id:
        previous?.thread_id ?? (identity ? identityThreadId(chatId, identity.user_id) : `w_${id.slice(4)}`),
      person_external_id: identity ? `user:${identity.user_id}` : `visitor:${id}`,
      identity_user_id: identity?.user_id ?? null,
      person_name: identity?.name ?? previous?.person_name ?? null,
      created_at: now,
      last_seen_at: now,
    };
    await repos.widget.insertVisitor(visitor);
    return this.sessionView(visitor, token);
  }

  /**
   * The visitor behind a bearer token, on a page of an allowed origin of their chat. The chat's
   * identity rule is applied on every request, not only when a session starts: once a chat
   * requires a verified identity, an anonymous visitor's token (issued before) is refused at once
   * with `401 identity_required`, which tells the widget to identify (docs/widget.md).
   */
  async visitor(token: string | undefined, origin: string | undefined): Promise<VisitorContext> {
    if (!token) throw visitorTokenInvalid();
    const visitor = await this.deps.repos.widget.findVisitorByToken(hashToken(token));
    if (!visitor) throw visitorTokenInvalid();
    const settings = await this.settingsFor(visitor.chat_id, origin);
    if (!admitted(visitor, settings)) throw identityRequired();
    return { visitor, settings };
  }

  /**
   * Whether the visitor may still be served, read again now: the event stream asks before each
   * event it sends, so a stream opened before the chat began to require an identity ends instead
   * of going on serving an anonymous visitor.
   */
  async stillAdmitted(visitor: WidgetVisitorRow): Promise<boolean> {
    const config = await this.deps.repos.widget.findConfig(visitor.chat_id);
    return admitted(visitor, readWidgetSettings(visitor.chat_id, visitor.project_id, config));
  }

  async history(context: VisitorContext) {
    const { visitor } = context;
    const thread = await this.deps.repos.threads.find(visitor.project_id, visitor.thread_id);
    const rows = thread ? await this.deps.repos.messages.listByThread(visitor.project_id, thread.id) : [];
    const messages = rows
      .map((row) => toWidgetMessage(row, this.deps.fileUrl))
      .filter((m): m is WidgetMessage => m !== undefined);
    const rated = await this.deps.feedback.customerFeedback(
      visitor.project_id,
      messages.filter((m) => m.author === "bot").map((m) => m.id),
    );
    return {
      data: messages.map((m) => {
        const feedback = rated.get(m.id);
        return feedback ? { ...m, feedback: { rating: feedback.rating, comment: feedback.comment } } : m;
      }),
      mode: thread?.mode ?? "auto",
    };
  }

  /**
   * The visitor rates a bot message of their own conversation (docs/widget.md, "Rating
   * answers"): a message of another conversation is not found; rating again replaces it.
   */
  async rate(context: VisitorContext, messageId: string, body: CustomerRateBody): Promise<WidgetFeedback> {
    const { visitor } = context;
    const feedback = await this.deps.feedback.rateAsCustomer(
      visitor.project_id,
      visitor.thread_id,
      messageId,
      body,
    );
    return { rating: feedback.rating, comment: feedback.comment };
  }

  /**
   * Stores the visitor's message and starts the bot's reply (or waits for a person). A pressed
   * chip (`buttonId`) must be a reply button of the visitor's own conversation (else 422); its
   * label is then the message (docs/widget.md, "Buttons").
   */
  async send(
    context: VisitorContext,
    body: { text?: string | undefined; buttonId?: string | undefined },
  ): Promise<StreamStart> {
    const { visitor } = context;
    const choice =
      body.buttonId === undefined
        ? undefined
        : await pressedChoice(this.deps.repos, visitor.project_id, visitor.thread_id, body.buttonId);
    if (body.buttonId !== undefined && !choice) {
      throw validationFailed([
        { path: "choice.button_id", message: "is not a reply button of this conversation" },
      ]);
    }
    const text = choice?.label ?? body.text ?? "";
    const project = await this.deps.repos.projects.findById(visitor.project_id);
    const auth: AuthContext = {
      keyId: visitor.id,
      projectId: visitor.project_id,
      organizationId: project?.organization_id ?? "",
      role: "project",
    };
    await this.deps.repos.widget.touchVisitor(visitor.id, this.deps.clock.now().toISOString());
    return this.deps.stream.handle(
      auth,
      { chatId: visitor.chat_id, threadId: visitor.thread_id },
      {
        messages: [{ role: "user", content: text }],
        person: { external_id: visitor.person_external_id, name: visitor.person_name },
      },
      "data",
      undefined,
      choice,
    );
  }

  private async settingsFor(chatId: string, origin: string | undefined): Promise<WidgetSettings> {
    const chat = await this.deps.repos.chats.findById(chatId);
    const integration = chat?.integration_id
      ? await this.deps.repos.integrations.findById(chat.integration_id)
      : undefined;
    if (!chat || integration?.vendor !== "parley") throw notFound("chat", chatId);
    const settings = readWidgetSettings(
      chat.id,
      chat.project_id,
      await this.deps.repos.widget.findConfig(chat.id),
    );
    if (!origin || !settings.allowedOrigins.includes(origin)) throw originNotAllowed();
    return settings;
  }

  private async sessionView(visitor: WidgetVisitorRow, token: string) {
    const thread = await this.deps.repos.threads.find(visitor.project_id, visitor.thread_id);
    return { visitor_token: token, thread_id: visitor.thread_id, mode: thread?.mode ?? "auto" };
  }
}

/** An anonymous visitor (no verified identity) is not served by a chat that requires one. */
function admitted(visitor: WidgetVisitorRow, settings: Pick<WidgetSettings, "identityRequired">): boolean {
  return !settings.identityRequired || visitor.identity_user_id !== null;
}

/** Signs a link to a file a message sent, for the visitor's browser. */
export type FileUrl = (fileId: string) => string;

/**
 * What a visitor sees of a stored message: their words and the answers, no tool steps; the
 * files it sent with links their browser may open.
 */
export function toWidgetMessage(
  row: Pick<
    MessageRow,
    "id" | "role" | "author" | "content" | "created_at" | "operator" | "buttons" | "choice" | "files"
  >,
  fileUrl: FileUrl,
) {
  const files = messageFilesOf(row.files);
  if (row.role === "tool" || (row.content.trim() === "" && files.length === 0)) return undefined;
  const operator = row.operator ? (JSON.parse(row.operator) as { name: string }) : undefined;
  return {
    id: row.id,
    author: row.author,
    content: row.content,
    created_at: row.created_at,
    ...(operator ? { operator_name: operator.name } : {}),
    ...(row.buttons ? { buttons: JSON.parse(row.buttons) as MessageButton[] } : {}),
    ...(row.choice ? { choice: JSON.parse(row.choice) as MessageChoice } : {}),
    ...(files.length > 0 ? { files: files.map((file) => ({ ...file, url: fileUrl(file.id) })) } : {}),
  } satisfies WidgetMessage;
}

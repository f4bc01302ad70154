import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, assertOwned, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { EvalCaseRow } from "../../storage/repos/eval-cases.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { EvalCaseSourceType } from "../../storage/schema-evals.js";
import { caseMessagesOf, caseNameOf, feedbackExpectations } from "./case-conversation.js";
import {
  CASE_LIMITS,
  type CaseFromFeedbackBody,
  type CaseFromThreadBody,
  type CaseMessage,
  type CreateCaseBody,
  type EvalCase,
  type Expectation,
  type PageQuery,
  type UpdateCaseBody,
} from "./schemas.js";

export interface CasesServiceDeps {
  repos: Repos;
  clock: Clock;
  newId: IdGenerator;
}

export function toEvalCase(row: EvalCaseRow): EvalCase {
  return {
    id: row.id,
    bot_id: row.bot_id,
    name: row.name,
    messages: JSON.parse(row.messages) as CaseMessage[],
    expectations: JSON.parse(row.expectations) as Expectation[],
    tool_results: JSON.parse(row.tool_results) as Record<string, unknown>,
    source: { type: row.source_type, thread_id: row.source_thread_id, message_id: row.source_message_id },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const caseNotFound = (caseId: string) =>
  new ApiError(404, "eval_case_not_found", `The bot has no evaluation case '${caseId}'.`);

/**
 * A bot's evaluation cases (docs/quality.md, "Evaluations"): written by hand, or taken from a
 * thread or from feedback on an answer. Always within the caller's project: another project's
 * bot is 403 as for every bot route, another project's thread reads as none.
 */
export class CasesService {
  constructor(private readonly deps: CasesServiceDeps) {}

  async list(
    auth: AuthContext,
    botId: string,
    page: PageQuery,
  ): Promise<{ data: EvalCase[]; next_cursor: string | null }> {
    await this.bot(auth, botId);
    const rows = await this.deps.repos.evalCases.list(auth.projectId, botId, {
      limit: page.limit + 1,
      before: page.cursor,
    });
    const data = rows.slice(0, page.limit);
    return {
      data: data.map(toEvalCase),
      next_cursor: rows.length > page.limit ? (data.at(-1)?.id ?? null) : null,
    };
  }

  async get(auth: AuthContext, botId: string, caseId: string): Promise<EvalCase> {
    await this.bot(auth, botId);
    return toEvalCase(await this.row(auth, botId, caseId));
  }

  async create(auth: AuthContext, botId: string, body: CreateCaseBody): Promise<EvalCase> {
    await this.bot(auth, botId);
    return this.insert(auth, botId, {
      name: body.name,
      messages: body.messages,
      expectations: body.expectations,
      toolResults: body.tool_results,
      source: { type: "manual", threadId: null, messageId: null },
    });
  }

  async update(auth: AuthContext, botId: string, caseId: string, body: UpdateCaseBody): Promise<EvalCase> {
    await this.bot(auth, botId);
    const row = await this.row(auth, botId, caseId);
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.messages !== undefined ? { messages: JSON.stringify(body.messages) } : {}),
      ...(body.expectations !== undefined ? { expectations: JSON.stringify(body.expectations) } : {}),
      ...(body.tool_results !== undefined ? { tool_results: JSON.stringify(body.tool_results) } : {}),
      updated_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.repos.evalCases.update(auth.projectId, row.id, patch);
    return toEvalCase({ ...row, ...patch });
  }

  async remove(auth: AuthContext, botId: string, caseId: string): Promise<{ id: string; deleted: true }> {
    await this.bot(auth, botId);
    if (!(await this.deps.repos.evalCases.delete(auth.projectId, botId, caseId))) throw caseNotFound(caseId);
    return { id: caseId, deleted: true };
  }

  /**
   * A case from a thread of the project: its conversation before `message_id` (a bot message),
   * or up to its last user message.
   */
  async fromThread(auth: AuthContext, botId: string, body: CaseFromThreadBody): Promise<EvalCase> {
    await this.bot(auth, botId);
    const rows = await this.threadMessages(auth, body.thread_id);
    const before = body.message_id ? this.beforeBotMessage(rows, body.message_id) : rows;
    const messages = this.conversation(before);
    return this.insert(auth, botId, {
      name: body.name ?? caseNameOf(messages, "Thread"),
      messages,
      expectations: body.expectations ?? [],
      toolResults: {},
      source: { type: "thread", threadId: body.thread_id, messageId: body.message_id ?? null },
    });
  }

  /**
   * A case from feedback on a bot message: the conversation before it, and what the feedback
   * expects of a better answer (case-conversation.ts). 404 `feedback_not_found` when nobody rated it.
   */
  async fromFeedback(auth: AuthContext, botId: string, body: CaseFromFeedbackBody): Promise<EvalCase> {
    await this.bot(auth, botId);
    const rows = await this.threadMessages(auth, body.thread_id);
    const before = this.beforeBotMessage(rows, body.message_id);
    const rated = rows[before.length]!;
    const feedback = await this.deps.repos.messageFeedback.listForMessages(auth.projectId, [rated.id]);
    if (feedback.length === 0) {
      throw new ApiError(404, "feedback_not_found", `Nobody has rated the message '${body.message_id}'.`);
    }
    const messages = this.conversation(before);
    return this.insert(auth, botId, {
      name: caseNameOf(messages, "Feedback"),
      messages,
      expectations: feedbackExpectations(feedback, rated.content),
      toolResults: {},
      source: { type: "feedback", threadId: body.thread_id, messageId: body.message_id },
    });
  }

  private async insert(
    auth: AuthContext,
    botId: string,
    input: {
      name: string;
      messages: CaseMessage[];
      expectations: Expectation[];
      toolResults: Record<string, unknown>;
      source: { type: EvalCaseSourceType; threadId: string | null; messageId: string | null };
    },
  ): Promise<EvalCase> {
    if ((await this.deps.repos.evalCases.countOfBot(auth.projectId, botId)) >= CASE_LIMITS.casesPerBot) {
      throw new ApiError(
        409,
        "eval_case_limit_reached",
        `A bot has at most ${CASE_LIMITS.casesPerBot} evaluation cases: delete some first.`,
      );
    }
    const now = this.deps.clock.now().toISOString();
    const row: EvalCaseRow = {
      id: this.deps.newId("evc"),
      project_id: auth.projectId,
      bot_id: botId,
      name: input.name,
      messages: JSON.stringify(input.messages),
      expectations: JSON.stringify(input.expectations),
      tool_results: JSON.stringify(input.toolResults),
      source_type: input.source.type,
      source_thread_id: input.source.threadId,
      source_message_id: input.source.messageId,
      created_at: now,
      updated_at: now,
    };
    await this.deps.repos.evalCases.insert(row);
    return toEvalCase(row);
  }

  /** The thread's messages, oldest first; another project's thread reads as none. */
  private async threadMessages(auth: AuthContext, threadId: string): Promise<MessageRow[]> {
    const thread = await this.deps.repos.threads.find(auth.projectId, threadId);
    if (!thread) throw notFound("thread", threadId);
    return this.deps.repos.messages.listByThread(auth.projectId, thread.id);
  }

  /** The messages before a bot message of the thread (404 when it is not in it, 422 when it is not the bot's). */
  private beforeBotMessage(rows: MessageRow[], messageId: string): MessageRow[] {
    const index = rows.findIndex((row) => row.id === messageId);
    if (index === -1) throw notFound("message", messageId);
    const message = rows[index]!;
    if (message.author !== "bot" || message.role !== "assistant") {
      throw new ApiError(
        422,
        "not_a_bot_message",
        `The message '${messageId}' is not the bot's answer: a case is the conversation before one.`,
      );
    }
    return rows.slice(0, index);
  }

  private conversation(rows: MessageRow[]): CaseMessage[] {
    const messages = caseMessagesOf(rows);
    if (messages.length === 0) {
      throw new ApiError(422, "no_user_message", "The conversation has no message of the person to answer.");
    }
    return messages;
  }

  private async bot(auth: AuthContext, botId: string) {
    return assertOwned(await this.deps.repos.bots.findById(botId), auth.projectId, "bot", botId);
  }

  private async row(auth: AuthContext, botId: string, caseId: string): Promise<EvalCaseRow> {
    const row = await this.deps.repos.evalCases.find(auth.projectId, botId, caseId);
    if (!row) throw caseNotFound(caseId);
    return row;
  }
}

import type { DomainEvent } from "../../events/domain-event.js";
import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { badRequest, conflict, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { CsatSurveyRow } from "../../storage/repos/csat.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import { isVendorId, vendorOf } from "../../vendors/registry.js";
import { detectLanguage, type ThreadWriter } from "../engine/index.js";
import { parseRating, ratingButtons, surveyText, thanksText } from "./rating-text.js";
import type { CsatRating, CsatSettings, CsatSettingsView, CsatSummary, RatingBody } from "./schemas.js";

const DEFAULT_SETTINGS: CsatSettings = { enabled: false, question: null, scale: "1-5" };
/** Messages looked through for the customer's latest one (its language). */
const LANGUAGE_WINDOW = 20;
/** The vendor of the API's own chats (docs/channels.md). */
const API_VENDOR = "parley";

export function parseCsatSettings(json: string | undefined): CsatSettings {
  return json === undefined
    ? DEFAULT_SETTINGS
    : { ...DEFAULT_SETTINGS, ...(JSON.parse(json) as Partial<CsatSettings>) };
}

export function toCsatRating(row: CsatSurveyRow): CsatRating {
  return {
    id: row.id,
    thread_id: row.thread_id,
    chat_id: row.chat_id,
    bot_id: row.bot_id,
    operator_id: row.operator_id,
    operator_name: row.operator_name,
    channel: row.channel,
    status: row.state,
    rating: row.rating === null ? null : Number(row.rating),
    comment: row.comment,
    asked_at: row.asked_at,
    answered_at: row.answered_at,
  };
}

/** What happened to a customer's message that met a waiting survey. */
export type SurveyAnswer = { kind: "rated"; survey: CsatSurveyRow } | { kind: "none" };

/**
 * CSAT (docs/csat.md): the project's setting, the survey asked when a thread is resolved, its
 * answer (a customer's message, the widget's buttons, the API), and the reports.
 */
export class CsatService {
  constructor(
    private readonly deps: {
      repos: Repos;
      transactor: Transactor;
      writer: ThreadWriter;
      clock: Clock;
      newId: IdGenerator;
    },
  ) {}

  async getSettings(auth: AuthContext): Promise<CsatSettingsView> {
    const row = await this.deps.repos.csat.findSettings(auth.projectId);
    return { ...parseCsatSettings(row?.settings), updated_at: row?.updated_at ?? null };
  }

  async replaceSettings(auth: AuthContext, settings: CsatSettings): Promise<CsatSettingsView> {
    const updatedAt = this.deps.clock.now().toISOString();
    await this.deps.repos.csat.saveSettings({
      project_id: auth.projectId,
      settings: JSON.stringify(settings),
      updated_at: updatedAt,
    });
    return { ...settings, updated_at: updatedAt };
  }

  /**
   * Asks the survey in the caller's unit of work (the resolution's): once per resolution (not
   * while one waits), never in mode `blocked`, only with CSAT on. The question is a bot message.
   */
  async ask(unit: UnitOfWork, projectId: string, threadId: string): Promise<void> {
    const repos = unit.repos;
    const settings = parseCsatSettings((await repos.csat.findSettings(projectId))?.settings);
    if (!settings.enabled) return;
    const thread = await repos.threads.find(projectId, threadId);
    if (!thread || thread.mode === "blocked") return;
    const now = this.deps.clock.now().toISOString();
    const id = this.deps.newId("csat");
    const channel = await this.channelOf(unit, thread);
    const stored = await repos.csat.insertAsked({
      id,
      project_id: projectId,
      thread_id: thread.id,
      chat_id: thread.chat_id,
      bot_id: thread.bot_id,
      operator_id: thread.assignee_id,
      operator_name: thread.assignee_name,
      channel,
      scale: settings.scale,
      message_id: null,
      state: "asked",
      rating: null,
      comment: null,
      asked_at: now,
      answered_at: null,
    });
    if (!stored) return;
    const text = surveyText(settings.question, settings.scale, await this.languageOf(unit, thread));
    // The scale as buttons where the channel shows them natively; elsewhere the text says how to answer.
    const buttons = showsButtons(channel) ? ratingButtons(settings.scale) : undefined;
    const message = await this.deps.writer.insertMessage(unit, thread, "assistant", "bot", text, null, now, {
      ...(buttons ? { buttons } : {}),
    });
    await repos.csat.setMessage(projectId, id, message.id);
  }

  /**
   * A customer's message in a thread whose survey waits (docs/csat.md, "Answering"), before it
   * is stored: a rating answers the survey ("rated": the caller stores the message without
   * reopening the thread and without asking the AI, and this thanks the customer); anything
   * else expires the survey ("none": the message goes on as usual).
   */
  async answerFromMessage(unit: UnitOfWork, thread: ThreadRow, content: string): Promise<SurveyAnswer> {
    const survey = await unit.repos.csat.findAsked(thread.project_id, thread.id);
    if (!survey) return { kind: "none" };
    const parsed = parseRating(content);
    if (!parsed) {
      await unit.repos.csat.expire(thread.project_id, survey.id);
      return { kind: "none" };
    }
    const answered = await this.record(unit, survey, parsed.rating, parsed.comment, "message");
    return answered ? { kind: "rated", survey: answered } : { kind: "none" };
  }

  /** The bot's thanks after a rating by message, answering it (so no turn picks it up later). */
  async thank(unit: UnitOfWork, thread: ThreadRow, ratingMessage: { seq: number | string }): Promise<void> {
    await this.deps.writer.insertMessage(
      unit,
      thread,
      "assistant",
      "bot",
      thanksText(await this.languageOf(unit, thread)),
      null,
      this.deps.clock.now().toISOString(),
      { replyToSeq: Number(ratingMessage.seq) },
    );
  }

  /**
   * A rating given elsewhere (the widget's buttons, an operator or the API): answers the
   * thread's waiting survey, or, with none waiting, records one when the thread has no answered
   * survey since its last resolution. 409 `already_rated` otherwise; parallel ratings queue on
   * the thread's row, so one is recorded.
   */
  async rate(
    projectId: string,
    threadId: string,
    body: RatingBody,
    source: "widget" | "api",
  ): Promise<CsatRating> {
    return this.deps.transactor.run(projectId, async (unit) => {
      const thread = await unit.repos.threads.findForUpdate(projectId, threadId);
      if (!thread) throw notFound("thread", threadId);
      const comment = body.comment?.trim() ? body.comment.trim() : null;
      const waiting = await unit.repos.csat.findAsked(projectId, thread.id);
      if (waiting) {
        const answered = await this.record(unit, waiting, body.rating, comment, source);
        if (answered) return toCsatRating(answered);
      }
      const latest = await unit.repos.csat.latest(projectId, thread.id);
      if (latest?.state === "answered") {
        throw conflict("already_rated", "This conversation's rating is recorded already.");
      }
      if (source === "widget" && !latest) {
        throw conflict("not_asked", "No rating was asked in this conversation.");
      }
      const now = this.deps.clock.now().toISOString();
      const row: CsatSurveyRow = {
        id: this.deps.newId("csat"),
        project_id: projectId,
        thread_id: thread.id,
        chat_id: thread.chat_id,
        bot_id: thread.bot_id,
        operator_id: thread.assignee_id,
        operator_name: thread.assignee_name,
        channel: await this.channelOf(unit, thread),
        scale: "1-5",
        message_id: null,
        state: "answered",
        rating: body.rating,
        comment,
        asked_at: now,
        answered_at: now,
      };
      await unit.repos.csat.insertAnswered(row);
      unit.record(ratedEvent(row, source));
      return toCsatRating(row);
    });
  }

  /** The thread's latest survey, or null. */
  async ofThread(projectId: string, threadId: string): Promise<CsatRating | null> {
    const row = await this.deps.repos.csat.latest(projectId, threadId);
    return row ? toCsatRating(row) : null;
  }

  async summary(
    auth: AuthContext,
    query: { from?: string | undefined; to?: string | undefined; group_by: "operator" | "bot" },
  ): Promise<CsatSummary> {
    const range = rangeOf(query.from, query.to);
    const rows = await this.deps.repos.csat.distribution(auth.projectId, query.group_by, range);
    const groups = new Map<string | null, { name: string | null; counts: number[] }>();
    for (const row of rows) {
      const group = groups.get(row.key) ?? { name: row.name, counts: [0, 0, 0, 0, 0] };
      group.counts[row.rating - 1] = (group.counts[row.rating - 1] ?? 0) + row.count;
      group.name ??= row.name;
      groups.set(row.key, group);
    }
    const total = [0, 0, 0, 0, 0];
    const list = [...groups.entries()].map(([key, group]) => {
      group.counts.forEach((count, index) => {
        total[index] = (total[index] ?? 0) + count;
      });
      return { key, name: group.name, ...stats(group.counts) };
    });
    list.sort((a, b) => b.count - a.count || String(a.key).localeCompare(String(b.key)));
    return { group_by: query.group_by, ...stats(total), groups: list };
  }

  async list(
    auth: AuthContext,
    query: { from?: string | undefined; to?: string | undefined; limit: number; cursor?: string | undefined },
  ): Promise<{ data: CsatRating[]; next_cursor: string | null }> {
    const range = rangeOf(query.from, query.to);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.deps.repos.csat.listAnswered(auth.projectId, {
      ...range,
      limit: query.limit + 1,
      ...(after ? { after } : {}),
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(toCsatRating),
      next_cursor:
        rows.length > query.limit && last
          ? Buffer.from(JSON.stringify([last.answered_at, last.id])).toString("base64url")
          : null,
    };
  }

  /** Answers the survey if it still waits, with its event; undefined when another answer came first. */
  private async record(
    unit: UnitOfWork,
    survey: CsatSurveyRow,
    rating: number,
    comment: string | null,
    source: "message" | "widget" | "api",
  ): Promise<CsatSurveyRow | undefined> {
    const answered = await unit.repos.csat.answer(survey.project_id, survey.id, {
      rating,
      comment,
      answered_at: this.deps.clock.now().toISOString(),
    });
    if (answered) unit.record(ratedEvent(answered, source));
    return answered;
  }

  /** The thread's channel: `widget` for a widget chat, the messenger's vendor id, else `api`. */
  private async channelOf(unit: UnitOfWork, thread: ThreadRow): Promise<string> {
    if (await unit.repos.widget.findConfig(thread.chat_id)) return "widget";
    const chat = await unit.repos.chats.findById(thread.chat_id);
    const integration = chat?.integration_id
      ? await unit.repos.integrations.findById(chat.integration_id)
      : undefined;
    return integration && integration.vendor !== API_VENDOR ? integration.vendor : "api";
  }

  /** The customer's language: of their latest message with letters. */
  private async languageOf(unit: UnitOfWork, thread: ThreadRow): Promise<string> {
    const recent = await unit.repos.messages.latest(thread.project_id, thread.id, LANGUAGE_WINDOW);
    const customer = recent.findLast((message) => message.role === "user" && /\p{L}/u.test(message.content));
    return detectLanguage(customer?.content ?? "");
  }
}

function ratedEvent(row: CsatSurveyRow, source: "message" | "widget" | "api"): DomainEvent {
  return {
    type: "thread.rated",
    threadId: row.thread_id,
    chatId: row.chat_id,
    botId: row.bot_id,
    operatorId: row.operator_id,
    rating: Number(row.rating),
    comment: row.comment,
    source,
  };
}

function rangeOf(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const range = {
    ...(from ? { from: new Date(from).toISOString() } : {}),
    ...(to ? { to: new Date(to).toISOString() } : {}),
  };
  if (range.from && range.to && range.from > range.to)
    throw badRequest("invalid_range", "`from` is after `to`.");
  return range;
}

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    if (typeof at === "string" && typeof id === "string") return { at, id };
  } catch {
    // falls through to the 400 below
  }
  throw badRequest("invalid_cursor", "The cursor is not one this list gave.");
}

function stats(counts: number[]): {
  count: number;
  average: number | null;
  distribution: { "1": number; "2": number; "3": number; "4": number; "5": number };
} {
  const count = counts.reduce((sum, n) => sum + n, 0);
  const sum = counts.reduce((total, n, index) => total + n * (index + 1), 0);
  return {
    count,
    average: count === 0 ? null : Math.round((sum / count) * 100) / 100,
    distribution: {
      "1": counts[0] ?? 0,
      "2": counts[1] ?? 0,
      "3": counts[2] ?? 0,
      "4": counts[3] ?? 0,
      "5": counts[4] ?? 0,
    },
  };
}

/**
 * Whether the survey's channel shows buttons natively (docs/csat.md, "Asking"): the widget, the
 * API (whose clients read `buttons`), and vendors with a button capability. Elsewhere buttons
 * would become numbered lines that repeat the scale the text already gives.
 */
function showsButtons(channel: string): boolean {
  if (channel === "widget" || channel === "api") return true;
  return isVendorId(channel) && vendorOf(channel).channel?.buttons !== undefined;
}

import type { ButtonInput, MessageChoice } from "../../events/buttons.js";
import type { ModeChangeSource } from "../../events/domain-event.js";
import { assigneeOf, type OperatorRef } from "../../events/message.js";
import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import { type AuthContext, actorOf, type ThreadActor } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { assertOwned, conflict, forbidden, notFound, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { ApprovalRow } from "../../storage/repos/approvals.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import { THREAD_STATUSES, type ThreadMode, type ThreadStatus } from "../../storage/schema-conversations.js";
import { readAutoResolveMinutes } from "../bots/index.js";
import type { ThreadWriter } from "../engine/index.js";
import {
  type CreditPolicy,
  INSUFFICIENT_CREDITS_REASON,
  parseReplyFailure,
  recordReplyFailure,
  replyJob,
  type StoredReplyFailure,
  whyNotAnswering,
} from "../engine/index.js";
import type { FileRef, MessageFile, OutboundFileService } from "../outbound-files/index.js";
import { botMessageJob, operatorMessageJob, snoozeWakeJob } from "./jobs.js";
import { replyWindows } from "./reply-window.js";
import type { Message, StreamBody, Thread, ThreadDetail, ThreadListItem } from "./schemas.js";
import { decodeCursor, encodeCursor, toMessage, toThread, toThreadDetail } from "./serializers.js";

/** Thread ids a new thread may not take: they name routes under /v1/threads (docs/conversations.md). */
const RESERVED_THREAD_IDS = new Set(["events"]);
export interface ConversationDeps {
  repos: Repos;
  transactor: Transactor;
  writer: ThreadWriter;
  clock: Clock;
  newId: IdGenerator;
  /** Whether a project without credits is answered (docs/billing.md). */
  credit?: CreditPolicy;
  /** CSAT (docs/csat.md): a customer's message that meets a waiting survey may be its rating. */
  surveys?: SurveyAnswers;
  /** Files operators send (docs/channels.md, "Files"); without it a message with files is refused. */
  files?: Pick<OutboundFileService, "forMessage">;
}

/** What the CSAT module does with a customer's message in a thread whose survey waits. */
export interface SurveyAnswers {
  /** Before the message is stored: "rated" when it answered the survey (else it expired it, if one waited). */
  answerFromMessage(
    unit: UnitOfWork,
    thread: ThreadRow,
    content: string,
  ): Promise<{ kind: "rated" | "none" }>;
  /** After the rating message is stored: the bot's thanks, answering it. */
  thank(unit: UnitOfWork, thread: ThreadRow, message: MessageRow): Promise<void>;
}

/** Why the AI does not answer a customer's CSAT rating (docs/csat.md). */
export const CSAT_RATING = "csat_rating";

/** A customer's message to store: its text, the channel's id of it, what it carried, the press it is. */
export interface UserMessageInput {
  content: string;
  externalId?: string;
  attachments?: string;
  /** The button press it is (docs/channels.md, "Buttons"); `content` is then what the customer sent. */
  choice?: MessageChoice;
}

export interface ReceivedMessages {
  thread: ThreadRow;
  /** The messages stored now (those whose externalId was known already are not stored again). */
  messages: MessageRow[];
  /** The seq of the newest of the given messages, whether stored now or by an earlier delivery. */
  lastSeq: number | undefined;
  /** Null when the AI will answer; otherwise why not (the messages then count as pending, unless blocked). */
  notAnsweringBecause: string | null;
}

/**
 * Threads and their messages: who may see them, what a new message does to pending_count,
 * operator takeover, and the events all of it raises. The AI turn itself is the TurnRunner's.
 */
export class ConversationService {
  constructor(private readonly deps: ConversationDeps) {}

  /** The caller's thread: 404 when no project has it, 403 when only another project does. */
  async resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow> {
    const threads = this.deps.repos.threads;
    const thread = await threads.find(auth.projectId, threadId);
    if (thread) return thread;
    if (await threads.existsInOtherProject(auth.projectId, threadId)) {
      throw forbidden(`The thread '${threadId}' belongs to another project.`);
    }
    throw notFound("thread", threadId);
  }

  /** As resolveThread, and the thread must belong to the chat named in the path (else 404). */
  async resolveThreadInChat(
    auth: AuthContext,
    threadId: string,
    chatId: string | undefined,
  ): Promise<ThreadRow> {
    const thread = await this.resolveThread(auth, threadId);
    if (chatId !== undefined && thread.chat_id !== chatId) throw notFound("thread", threadId);
    return thread;
  }

  async listThreads(
    auth: AuthContext,
    query: {
      chat_id?: string;
      bot_id?: string;
      mode?: ThreadMode;
      waiting?: "true" | "false";
      assignee?: string;
      status?: string;
      team?: string;
      search?: string;
      labels?: string;
      labels_match?: "all" | "any";
      limit: number;
      offset: number;
      cursor?: string;
    },
  ): Promise<{ data: ThreadListItem[]; next_cursor: string | null }> {
    let after: { lastMessageAt: string | null; id: string } | undefined;
    let offset = query.offset;
    if (query.cursor !== undefined) {
      const state = decodeCursor(query.cursor);
      if (!state)
        throw validationFailed([{ path: "query.cursor", message: "is not a cursor this API issued" }]);
      if ("o" in state !== (query.search !== undefined)) {
        throw validationFailed([{ path: "query.cursor", message: "was issued for a different search" }]);
      }
      if ("o" in state) offset = state.o;
      else {
        after = { lastMessageAt: state.k[0], id: state.k[1] };
        offset = 0;
      }
    }
    const rows = await this.deps.repos.threads.list({
      projectId: auth.projectId,
      chatId: query.chat_id,
      botId: query.bot_id,
      mode: query.mode,
      waiting: query.waiting === undefined ? undefined : query.waiting === "true",
      assigneeId: assigneeFilter(auth, query.assignee),
      statuses: statusFilter(query.status),
      labels: await this.labelFilter(auth.projectId, query.labels, query.labels_match),
      teamId: query.team === undefined ? undefined : query.team === "none" ? null : query.team,
      search: query.search,
      limit: query.limit + 1,
      after,
      offset,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    let next: string | null = null;
    if (rows.length > query.limit && last) {
      next = query.search
        ? encodeCursor({ o: offset + query.limit })
        : encodeCursor({ k: [last.last_message_at, last.id] });
    }
    return { data: await this.withSummaries(auth.projectId, page), next_cursor: next };
  }

  /** Threads per status (every status, zeros included) under the list's other filters. */
  async countThreads(
    auth: AuthContext,
    query: {
      chat_id?: string;
      bot_id?: string;
      mode?: ThreadMode;
      waiting?: "true" | "false";
      assignee?: string;
      labels?: string;
      labels_match?: "all" | "any";
    },
  ): Promise<Record<ThreadStatus, number>> {
    const counts = await this.deps.repos.threads.countByStatus({
      projectId: auth.projectId,
      chatId: query.chat_id,
      botId: query.bot_id,
      mode: query.mode,
      waiting: query.waiting === undefined ? undefined : query.waiting === "true",
      assigneeId: assigneeFilter(auth, query.assignee),
      labels: await this.labelFilter(auth.projectId, query.labels, query.labels_match),
    });
    return Object.fromEntries(THREAD_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<
      ThreadStatus,
      number
    >;
  }

  /**
   * Sets a conversation's status (docs/conversations.md, "Status"), recording who did it. The
   * same status again changes nothing and raises nothing. Snoozing with a time queues the job that
   * wakes the thread then; that job does nothing if the snooze changed meanwhile.
   */
  async setStatus(
    auth: AuthContext,
    threadId: string,
    status: ThreadStatus,
    snoozedUntil: string | undefined,
  ): Promise<Thread> {
    if (snoozedUntil !== undefined && status !== "snoozed") {
      throw validationFailed([{ path: "snoozed_until", message: "only goes with status `snoozed`" }]);
    }
    if (snoozedUntil !== undefined && Date.parse(snoozedUntil) <= this.deps.clock.now().getTime()) {
      throw validationFailed([{ path: "snoozed_until", message: "must be in the future" }]);
    }
    const { id } = await this.resolveThread(auth, threadId);
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const result = await this.deps.writer.changeStatus(unit, auth.projectId, id, {
        status,
        snoozedUntil: snoozedUntil ?? null,
        by: actorOf(auth),
      });
      if (!result) throw notFound("thread", threadId);
      const { thread, changed } = result;
      if (changed && thread.snoozed_until !== null) {
        await unit.enqueue({
          ...jobOf(snoozeWakeJob, {
            projectId: auth.projectId,
            threadId: thread.id,
            snoozedUntil: thread.snoozed_until,
          }),
          runAt: new Date(thread.snoozed_until),
        });
      }
      return this.withLabels(unit.repos, thread);
    });
  }

  /**
   * Auto-resolve (housekeeping): for each bot with `ai.conversation.autoResolveMinutes`, its
   * `open` and `pending` threads without a message for that long become `resolved`. Each thread
   * is checked again under its lock, so one that got a message meanwhile is left open, and a
   * second sweep finds nothing left to do. Answers how many it resolved.
   */
  async autoResolveInactive(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    let resolved = 0;
    for (const bot of await this.deps.repos.bots.listMentioningSetting("autoResolveMinutes")) {
      const minutes = readAutoResolveMinutes(bot.settings);
      if (minutes === null) continue;
      const cutoff = new Date(now - minutes * 60_000).toISOString();
      const quiet = (thread: ThreadRow) =>
        (thread.status === "open" || thread.status === "pending") &&
        Date.parse(thread.last_message_at ?? thread.created_at) < Date.parse(cutoff);
      for (;;) {
        const batch = await this.deps.repos.threads.inactiveOf(bot.project_id, bot.id, cutoff, 100);
        const before = resolved;
        for (const thread of batch) {
          const result = await this.deps.transactor.run(bot.project_id, (unit) =>
            this.deps.writer.changeStatus(
              unit,
              bot.project_id,
              thread.id,
              { status: "resolved", source: "auto_resolve" },
              quiet,
            ),
          );
          if (result?.changed) resolved++;
        }
        // A full batch of which nothing changed would come back as it is: stop rather than spin.
        if (batch.length < 100 || resolved === before) break;
      }
    }
    return resolved;
  }

  /** The bot's resolve_conversation tool. */
  async resolveByTool(projectId: string, threadId: string): Promise<void> {
    await this.deps.transactor.run(projectId, (unit) =>
      this.deps.writer.changeStatus(unit, projectId, threadId, { status: "resolved", source: "tool" }),
    );
  }

  /** A snooze ran out (its job): back to `open`, only if the thread is still snoozed until that time. */
  async wakeSnoozed(projectId: string, threadId: string, snoozedUntil: string): Promise<void> {
    await this.deps.transactor.run(projectId, (unit) =>
      this.deps.writer.changeStatus(
        unit,
        projectId,
        threadId,
        { status: "open", source: "snooze_expired" },
        (thread) => thread.status === "snoozed" && thread.snoozed_until === snoozedUntil,
      ),
    );
  }

  /** Each thread of a page with its person and newest message: two queries for the page. */
  /**
   * The list's label filter (docs/labels.md): names, comma-separated, to label ids. A name the
   * project has no label of matches no thread: with `all` the list is empty, with `any` it counts
   * for nothing.
   */
  private async labelFilter(
    projectId: string,
    names: string | undefined,
    match: "all" | "any" = "all",
  ): Promise<{ ids: string[]; match: "all" | "any" } | undefined> {
    const wanted = [...new Set((names ?? "").split(",").map((name) => name.trim().toLowerCase()))].filter(
      (name) => name.length > 0,
    );
    if (wanted.length === 0) return undefined;
    const found = await this.deps.repos.labels.findByNames(projectId, wanted);
    if (match === "all" && found.length < wanted.length) return { ids: [], match };
    return { ids: found.map((label) => label.id), match };
  }

  /** The label names of each thread: one query for a page. */
  private labelNames(
    projectId: string,
    rows: ThreadRow[],
    repos: Repos = this.deps.repos,
  ): Promise<Map<string, string[]>> {
    return repos.labels.namesByThread(
      projectId,
      rows.map((row) => row.id),
    );
  }

  /** The reply window of each WhatsApp thread of a page (docs/conversations.md, "Reply window"). */
  private replyWindows(projectId: string, rows: ThreadRow[], repos: Repos = this.deps.repos) {
    return replyWindows(repos, projectId, rows, this.deps.clock.now());
  }

  /** A thread as the API shows it, with its labels (read through `repos`: inside a transaction, its own). */
  private async withLabels(repos: Repos, row: ThreadRow): Promise<Thread> {
    const [labels, windows] = await Promise.all([
      this.labelNames(row.project_id, [row], repos),
      this.replyWindows(row.project_id, [row], repos),
    ]);
    return toThread(row, labels.get(row.id) ?? [], windows.get(row.id));
  }

  /** Each thread of a page with its person, newest message and labels: three queries for the page. */
  private async withSummaries(projectId: string, rows: ThreadRow[]): Promise<ThreadListItem[]> {
    const personIds = [
      ...new Set(rows.map((row) => row.person_id).filter((id): id is string => id !== null)),
    ];
    const [persons, latest, labels, windows] = await Promise.all([
      this.deps.repos.persons.findByIds(personIds),
      this.deps.repos.messages.latestWithText(
        projectId,
        rows.map((row) => row.id),
      ),
      this.labelNames(projectId, rows),
      this.replyWindows(projectId, rows),
    ]);
    const personById = new Map(persons.map((person) => [person.id, person]));
    const latestByThread = new Map(latest.map((message) => [message.thread_id, message]));
    return rows.map((row) => {
      const person = row.person_id ? personById.get(row.person_id) : undefined;
      const message = latestByThread.get(row.id);
      return {
        ...toThread(row, labels.get(row.id) ?? [], windows.get(row.id)),
        person: person ? { id: person.id, name: person.name, avatar_url: person.avatar_url } : null,
        last_message: message
          ? { author: message.author, content: message.content.slice(0, 200), created_at: message.created_at }
          : null,
      };
    });
  }

  async chatThreads(auth: AuthContext, chatId: string): Promise<Thread[]> {
    await this.resolveChat(auth, chatId);
    const rows = await this.deps.repos.threads.list({ projectId: auth.projectId, chatId, limit: 10_000 });
    const [labels, windows] = await Promise.all([
      this.labelNames(auth.projectId, rows),
      this.replyWindows(auth.projectId, rows),
    ]);
    return rows.map((row) => toThread(row, labels.get(row.id) ?? [], windows.get(row.id)));
  }

  async threadDetail(auth: AuthContext, threadId: string): Promise<ThreadDetail> {
    const thread = await this.resolveThread(auth, threadId);
    const person = thread.person_id ? await this.deps.repos.persons.findById(thread.person_id) : undefined;
    const stats = await this.deps.repos.messages.stats(auth.projectId, thread.id);
    const labels = (await this.labelNames(auth.projectId, [thread])).get(thread.id) ?? [];
    const window = (await this.replyWindows(auth.projectId, [thread])).get(thread.id);
    return toThreadDetail(thread, person, stats, labels, window);
  }

  async messages(auth: AuthContext, threadId: string, chatId?: string): Promise<Message[]> {
    const thread = await this.resolveThreadInChat(auth, threadId, chatId);
    return (await this.deps.repos.messages.listByThread(auth.projectId, thread.id)).map(toMessage);
  }

  async memory(auth: AuthContext, threadId: string): Promise<{ content: string | null }> {
    const thread = await this.resolveThread(auth, threadId);
    return { content: thread.working_memory };
  }

  /**
   * The stream endpoint's thread: created on first use in the chat; a thread id that is
   * already used by another chat of the project is 409. In the unit of work that stores the
   * first messages, so that no thread is left without them. Requests racing to create the same
   * thread (or the same person) all succeed: one creates it, the others use it
   * (docs/conversations.md, "Parallel first messages").
   */
  async openThread(
    unit: UnitOfWork,
    auth: AuthContext,
    chatId: string,
    threadId: string,
    person: StreamBody["person"],
  ): Promise<{ thread: ThreadRow; created: boolean }> {
    const chat = await this.resolveChat(auth, chatId, unit.repos);
    const existing = await unit.repos.threads.find(auth.projectId, threadId);
    if (existing) return { thread: inChat(existing, chatId), created: false };
    // `/v1/threads/events` is the project's event stream: a thread of that id could not be read.
    if (RESERVED_THREAD_IDS.has(threadId)) {
      throw validationFailed([
        { path: "thread_id", message: `'${threadId}' is reserved; choose another id` },
      ]);
    }
    const now = this.deps.clock.now().toISOString();
    const found = person ? await this.findOrCreatePerson(unit.repos, auth.projectId, person, now) : undefined;
    const { thread, created } = await this.createThread(unit, {
      projectId: auth.projectId,
      id: threadId,
      chat,
      personId: found?.id ?? null,
      externalConversationId: null,
    });
    if (!created) return { thread: inChat(thread, chatId), created: false };
    // `person` counts only for the request that creates the thread: a sent name or avatar
    // updates a Person that existed before (docs/conversations.md).
    if (person && found && !found.inserted && !found.merged) {
      await unit.repos.persons.update(found.id, {
        ...(person.name !== undefined ? { name: person.name } : {}),
        ...(person.avatar_url !== undefined ? { avatar_url: person.avatar_url } : {}),
      });
    }
    return { thread, created: true };
  }

  /**
   * A new thread in mode `auto`, with its `thread.created` event; or, when another request has
   * just created a thread with the same key (the same id, or the same vendor conversation in the
   * chat), that thread (`created: false`, no event).
   */
  async createThread(
    unit: UnitOfWork,
    fields: {
      projectId: string;
      id: string;
      chat: { id: string; bot_id: string };
      personId: string | null;
      /** The vendor conversation the thread stands for (channel threads). */
      externalConversationId: string | null;
    },
  ): Promise<{ thread: ThreadRow; created: boolean }> {
    const now = this.deps.clock.now().toISOString();
    const { thread, inserted } = await unit.repos.threads.insertIfAbsent({
      project_id: fields.projectId,
      id: fields.id,
      chat_id: fields.chat.id,
      bot_id: fields.chat.bot_id,
      person_id: fields.personId,
      mode: "auto",
      title: null,
      last_message_at: null,
      pending_count: 0,
      working_memory: null,
      turn_lease_owner: null,
      turn_lease_until: null,
      external_conversation_id: fields.externalConversationId,
      assignee_id: null,
      assignee_name: null,
      taken_over_by: null,
      taken_over_at: null,
      reply_failure: null,
      status: "open",
      snoozed_until: null,
      status_changed_at: now,
      created_at: now,
      updated_at: now,
    });
    if (!inserted) return { thread, created: false };
    unit.record({
      type: "thread.created",
      thread: {
        id: thread.id,
        chat_id: thread.chat_id,
        bot_id: thread.bot_id,
        mode: thread.mode,
        created_at: thread.created_at,
      },
    });
    return { thread, created: true };
  }

  /**
   * Stores incoming user messages in one transaction and applies the pending rules: when the
   * AI will not answer (mode, statuses) they count towards pending_count, except in `blocked`.
   */
  async receiveUserMessages(
    unit: UnitOfWork,
    projectId: string,
    threadId: string,
    contents: UserMessageInput[],
    /** The thread and its pending approvals, when this unit of work has just read them. */
    known?: { thread: ThreadRow; pendingApprovals: ApprovalRow[] },
  ): Promise<ReceivedMessages> {
    const messagesRepo = unit.repos.messages;
    const thread = known?.thread ?? (await unit.repos.threads.find(projectId, threadId));
    if (!thread) throw notFound("thread", threadId);
    const now = this.deps.clock.now().toISOString();
    const rated = await this.ratingMessage(unit, thread, contents, now);
    if (rated) return rated;
    const stored: MessageRow[] = [];
    let lastSeq: number | undefined;
    // The same message sent twice at once (useChat resending it): the second waits for the
    // first, then finds it stored (docs/conversations.md, "Parallel first messages").
    await messagesRepo.lockExternalIds(
      projectId,
      threadId,
      contents.flatMap((item) => (item.externalId ? [item.externalId] : [])),
    );
    for (const item of contents) {
      const known = item.externalId
        ? await messagesRepo.findByExternalId(projectId, threadId, item.externalId)
        : undefined;
      if (known) {
        lastSeq = Number(known.seq);
        continue;
      }
      stored.push(
        await this.deps.writer.insertMessage(unit, thread, "user", "user", item.content, null, now, {
          ...(item.externalId ? { externalId: item.externalId } : {}),
          ...(item.attachments ? { attachments: item.attachments } : {}),
          ...(item.choice ? { choice: item.choice } : {}),
        }),
      );
      lastSeq = Number(stored.at(-1)?.seq);
    }
    const context = await unit.repos.answerContext(projectId, thread.chat_id);
    const pendingApprovals =
      known?.pendingApprovals ?? (await unit.repos.approvals.pending(projectId, threadId));
    const awaitingOperator = pendingApprovals.some((approval) => approval.policy === "operator_approve");
    // While an operator decides on a tool call, the AI cannot go on: the messages wait as pending.
    const notAnsweringBecause =
      whyNotAnswering(context, thread.mode, this.deps.credit) ??
      (awaitingOperator ? "awaiting_approval" : null);
    if (stored.length > 0 && notAnsweringBecause !== null && thread.mode !== "blocked") {
      await this.deps.writer.addPending(unit, thread, stored.length);
    }
    // Out of credit, the messages are a reply given up at once (docs/conversations.md, "Failed replies").
    if (stored.length > 0 && notAnsweringBecause === "insufficient_credits") {
      await recordReplyFailure(
        unit,
        this.deps,
        thread,
        { code: "insufficient_credits", reason: INSUFFICIENT_CREDITS_REASON, attempts: 0 },
        { context },
      );
    }
    return { thread, messages: stored, lastSeq, notAnsweringBecause };
  }

  /**
   * A single new customer message in a thread whose CSAT survey waits (docs/csat.md,
   * "Answering"): a rating is stored without reopening the thread, counts as no pending
   * message, is answered by the bot's thanks instead of the AI (`notAnsweringBecause`
   * `csat_rating`). Anything else expires the survey and goes on as usual (undefined).
   */
  private async ratingMessage(
    unit: UnitOfWork,
    thread: ThreadRow,
    contents: UserMessageInput[],
    now: string,
  ): Promise<ReceivedMessages | undefined> {
    const surveys = this.deps.surveys;
    const [item] = contents;
    if (!surveys || !item || contents.length !== 1) return undefined;
    if (item.externalId) {
      const seen = await unit.repos.messages.findByExternalId(thread.project_id, thread.id, item.externalId);
      if (seen) return undefined;
    }
    const answer = await surveys.answerFromMessage(unit, thread, item.content);
    if (answer.kind !== "rated") return undefined;
    const message = await this.deps.writer.insertMessage(
      unit,
      thread,
      "user",
      "user",
      item.content,
      null,
      now,
      {
        ...(item.externalId ? { externalId: item.externalId } : {}),
        ...(item.attachments ? { attachments: item.attachments } : {}),
        ...(item.choice ? { choice: item.choice } : {}),
        keepStatus: true,
      },
    );
    await surveys.thank(unit, thread, message);
    return { thread, messages: [message], lastSeq: Number(message.seq), notAnsweringBecause: CSAT_RATING };
  }

  /** Switches the mode; back to `auto` with unanswered messages, the AI is asked to answer them. */
  async setMode(auth: AuthContext, threadId: string, mode: ThreadMode, chatId?: string): Promise<Thread> {
    const thread = await this.resolveThreadInChat(auth, threadId, chatId);
    return this.changeMode(auth.projectId, thread, mode, actorOf(auth));
  }

  /**
   * The mode switch itself, for the API and for tools (handoff_to_operator; no `by`, its
   * `source` instead). Taking a thread from the AI (to `manual` or `operator`) records who did
   * it; a signed-in operator who takes over an unassigned thread is assigned to it
   * (docs/console.md).
   */
  async changeMode(
    projectId: string,
    thread: ThreadRow,
    mode: ThreadMode,
    by?: ThreadActor,
    source?: ModeChangeSource,
  ): Promise<Thread> {
    const changed = await this.deps.transactor.run(projectId, async (unit) => {
      const now = this.deps.clock.now().toISOString();
      const threads = unit.repos.threads;
      if (thread.mode !== mode) {
        const takingOver = isHumanMode(mode) && !isHumanMode(thread.mode);
        await threads.update(projectId, thread.id, {
          mode,
          updated_at: now,
          ...(takingOver && by ? { taken_over_by: JSON.stringify(by), taken_over_at: now } : {}),
        });
        unit.record({
          type: "thread.mode.changed",
          threadId: thread.id,
          chatId: thread.chat_id,
          mode,
          previousMode: thread.mode,
          ...(by ? { by } : source ? { source } : {}),
        });
        if (takingOver && by?.type === "operator" && by.name !== null && thread.assignee_id === null) {
          await this.writeAssignee(unit, thread, { id: by.id, name: by.name });
        }
      }
      if (mode === "blocked" && Number(thread.pending_count) > 0) {
        await this.deps.writer.resetPending(unit, thread);
      }
      thread.mode = mode;
      if (mode === "auto") {
        const unanswered = await unit.repos.messages.unanswered(projectId, thread.id);
        if (unanswered.length > 0) await this.scheduleReply(unit, thread, this.deps.clock.now());
      }
      return thread;
    });
    // Read after the commit: the answer shows what routing did on a hand-off (docs/routing.md).
    return this.withLabels(
      this.deps.repos,
      (await this.deps.repos.threads.find(projectId, thread.id)) ?? changed,
    );
  }

  /**
   * An operator's retry of a reply the AI gave up on (docs/conversations.md, "Failed replies"):
   * a reply job for the thread's unanswered messages, run through the answer policy like any
   * other. 409 `thread_not_auto` outside mode `auto`, 409 `nothing_to_retry` when no failed
   * reply waits. Idempotent: while the job it queued may still run, the same job is answered.
   */
  async retryReply(auth: AuthContext, threadId: string): Promise<{ thread_id: string; job_id: string }> {
    const { id } = await this.resolveThread(auth, threadId);
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const thread = await unit.repos.threads.find(auth.projectId, id);
      if (!thread) throw notFound("thread", threadId);
      if (thread.mode !== "auto") {
        throw conflict(
          "thread_not_auto",
          `Only the AI retries a reply: the thread is in mode '${thread.mode}'. Switch it to 'auto', or answer it yourself.`,
        );
      }
      const failure = parseReplyFailure(thread.reply_failure);
      const unanswered = failure ? await unit.repos.messages.unanswered(auth.projectId, thread.id) : [];
      if (!failure || unanswered.length === 0) {
        throw conflict("nothing_to_retry", "No failed reply waits in this thread.");
      }
      if (failure.retry_job_id !== undefined) {
        const queued = await unit.repos.jobs.find(failure.retry_job_id);
        if (queued && (queued.status === "pending" || queued.status === "running")) {
          return { thread_id: thread.id, job_id: queued.id };
        }
      }
      const job = await unit.enqueue(jobOf(replyJob, { projectId: auth.projectId, threadId: thread.id }));
      const marked: StoredReplyFailure = { ...failure, retry_job_id: job.id };
      await unit.repos.threads.update(auth.projectId, thread.id, { reply_failure: JSON.stringify(marked) });
      return { thread_id: thread.id, job_id: job.id };
    });
  }

  /** Assigns the thread to an operator of its project, or unassigns it (null). */
  async assign(auth: AuthContext, threadId: string, operatorId: string | null): Promise<Thread> {
    const thread = await this.resolveThread(auth, threadId);
    let assignee: OperatorRef | null = null;
    if (operatorId !== null) {
      const member = await this.deps.repos.operators.findMember(auth.projectId, operatorId);
      if (!member) throw notFound("operator", operatorId);
      assignee = { id: member.id, name: member.name };
    }
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      if ((thread.assignee_id ?? null) !== (assignee?.id ?? null))
        await this.writeAssignee(unit, thread, assignee);
      return this.withLabels(
        unit.repos,
        (await unit.repos.threads.find(auth.projectId, thread.id)) ?? thread,
      );
    });
  }

  private async writeAssignee(
    unit: UnitOfWork,
    thread: ThreadRow,
    assignee: OperatorRef | null,
  ): Promise<void> {
    const previousAssignee = assigneeOf(thread);
    await unit.repos.threads.update(thread.project_id, thread.id, {
      assignee_id: assignee?.id ?? null,
      assignee_name: assignee?.name ?? null,
      updated_at: this.deps.clock.now().toISOString(),
    });
    thread.assignee_id = assignee?.id ?? null;
    thread.assignee_name = assignee?.name ?? null;
    unit.record({
      type: "thread.assigned",
      threadId: thread.id,
      chatId: thread.chat_id,
      assignee,
      previousAssignee,
    });
  }

  /** The thread's working memory, replaced whole (the update_working_memory tool). */
  async writeWorkingMemory(projectId: string, threadId: string, markdown: string): Promise<void> {
    await this.deps.repos.threads.update(projectId, threadId, {
      working_memory: markdown,
      updated_at: this.deps.clock.now().toISOString(),
    });
  }

  /** A message the AI scheduled for later (schedule_message); delivered by a job. */
  async scheduleBotMessage(
    projectId: string,
    threadId: string,
    text: string,
    at: Date,
  ): Promise<{ id: string; scheduledAt: string }> {
    const job = await this.deps.transactor.run(projectId, (unit) =>
      unit.enqueue({ ...jobOf(botMessageJob, { projectId, threadId, text }), runAt: at }),
    );
    return { id: job.id, scheduledAt: job.runAt };
  }

  /**
   * Delivers a scheduled bot message: only while the AI still runs the thread (`auto`): a person
   * who took over, or a blocked thread, is not interrupted. Once, even if the job runs twice.
   */
  async deliverBotMessage(projectId: string, threadId: string, text: string, jobId: string): Promise<void> {
    await this.deps.transactor.run(projectId, async (unit) => {
      const thread = await unit.repos.threads.find(projectId, threadId);
      if (thread?.mode !== "auto") return;
      const externalId = `job:${jobId}`;
      if (await unit.repos.messages.findByExternalId(projectId, threadId, externalId)) return;
      const now = this.deps.clock.now().toISOString();
      await this.deps.writer.insertMessage(unit, thread, "assistant", "bot", text, null, now, { externalId });
    });
  }

  /**
   * A reply job for the thread. One job per thread, time and state of the thread (its newest
   * message) is enough: a second request for the same moment and state is the same work. The
   * state is part of the key because a job with the key may be running already, having read
   * the thread before this change: a message stored meanwhile needs a job of its own.
   */
  async scheduleReply(
    unit: UnitOfWork,
    thread: ThreadRow,
    runAt: Date,
  ): Promise<{ id: string; runAt: string }> {
    const newest = await unit.repos.messages.newestSeq(thread.project_id, thread.id);
    return unit.enqueue({
      ...jobOf(replyJob, { projectId: thread.project_id, threadId: thread.id }),
      runAt,
      dedupeKey: `reply:${thread.project_id}:${thread.id}:${runAt.toISOString()}:${newest}`,
    });
  }

  /** Operator message: only in `manual` (409 otherwise); now, or later through a job. */
  async operatorSend(
    auth: AuthContext,
    threadId: string,
    text: string,
    scheduledAt?: string,
    buttons?: ButtonInput[],
    fileRefs: readonly FileRef[] = [],
  ): Promise<{ message: Message } | { scheduled: { scheduled: true; id: string; scheduled_at: string } }> {
    const thread = await this.resolveThread(auth, threadId);
    const operator = auth.operator ? { id: auth.operator.id, name: auth.operator.name } : undefined;
    if (thread.mode !== "manual") {
      throw conflict(
        "thread_not_manual",
        `Operator messages need the thread in mode 'manual' (it is '${thread.mode}').`,
      );
    }
    const files = await this.messageFiles(auth.projectId, thread.id, fileRefs);
    const runAt = scheduledAt ? new Date(scheduledAt) : undefined;
    if (runAt && runAt.getTime() > this.deps.clock.now().getTime()) {
      const job = await this.deps.transactor.run(auth.projectId, (unit) =>
        unit.enqueue({
          ...jobOf(operatorMessageJob, {
            projectId: auth.projectId,
            threadId: thread.id,
            text,
            ...(operator ? { operator } : {}),
            ...(buttons ? { buttons } : {}),
            ...(files.length > 0 ? { files } : {}),
          }),
          runAt,
        }),
      );
      return { scheduled: { scheduled: true, id: job.id, scheduled_at: job.runAt } };
    }
    const message = await this.deliverOperatorMessage(
      auth.projectId,
      thread.id,
      text,
      undefined,
      operator,
      buttons,
      files,
    );
    if (!message) throw notFound("thread", threadId);
    return { message: toMessage(message) };
  }

  /** The files an operator's message sends, checked (422 for one not uploaded to the thread). */
  private async messageFiles(projectId: string, threadId: string, refs: readonly FileRef[]) {
    if (refs.length === 0) return [];
    if (!this.deps.files) {
      throw validationFailed([{ path: "files", message: "this server sends no files" }]);
    }
    return this.deps.files.forMessage(projectId, threadId, refs);
  }

  /**
   * Stores an operator's message and clears pending_count. A scheduled one (`jobId`) is
   * delivered only if the thread is still `manual`, and once even if its job runs twice.
   */
  async deliverOperatorMessage(
    projectId: string,
    threadId: string,
    text: string,
    jobId?: string,
    operator?: OperatorRef,
    buttons?: readonly ButtonInput[],
    files?: readonly MessageFile[],
  ): Promise<MessageRow | undefined> {
    return this.deps.transactor.run(projectId, async (unit) => {
      const thread = await unit.repos.threads.find(projectId, threadId);
      if (!thread) return undefined;
      if (jobId !== undefined) {
        if (thread.mode !== "manual") return undefined;
        const done = await unit.repos.messages.findByExternalId(projectId, threadId, `job:${jobId}`);
        if (done) return done;
      }
      const now = this.deps.clock.now().toISOString();
      // An operator's message answers everything the user said so far.
      const replyToSeq = await unit.repos.messages.newestUserSeq(projectId, threadId);
      const message = await this.deps.writer.insertMessage(
        unit,
        thread,
        "assistant",
        "operator",
        text,
        null,
        now,
        {
          replyToSeq,
          ...(jobId !== undefined ? { externalId: `job:${jobId}` } : {}),
          ...(operator ? { operator } : {}),
          ...(buttons ? { buttons } : {}),
          ...(files && files.length > 0 ? { files } : {}),
        },
      );
      await this.deps.writer.resetPending(unit, thread);
      return message;
    });
  }

  /** Deletes the thread with its messages (and everything keyed to it). */
  async deleteThread(
    auth: AuthContext,
    threadId: string,
    chatId?: string,
  ): Promise<{ id: string; deleted: true }> {
    const thread = await this.resolveThread(auth, threadId);
    if (chatId !== undefined && thread.chat_id !== chatId) throw notFound("thread", threadId);
    await this.deps.repos.threads.delete(auth.projectId, thread.id);
    return { id: thread.id, deleted: true };
  }

  private async resolveChat(auth: AuthContext, chatId: string, repos: Repos = this.deps.repos) {
    return assertOwned(await repos.chats.findById(chatId), auth.projectId, "chat", chatId);
  }

  /**
   * The project's Person with this external id, created with the sent name and avatar when new
   * (`inserted`). Another request creating the same Person at the same moment is not an error:
   * its row is the one found.
   */
  private async findOrCreatePerson(
    repos: Repos,
    projectId: string,
    person: NonNullable<StreamBody["person"]>,
    now: string,
  ): Promise<{ id: string; inserted: boolean; merged: boolean }> {
    const existing = await repos.persons.findByExternalId(projectId, person.external_id);
    // A merged person's external id reaches its survivor, whose own name and avatar stay
    // (docs/contacts.md, "Merging").
    if (existing) {
      const { person: contact, followed } = await repos.persons.resolveMerged(existing);
      return { id: contact.id, inserted: false, merged: followed };
    }
    const { person: row, inserted } = await repos.persons.insertIfAbsent({
      id: this.deps.newId("per"),
      project_id: projectId,
      external_id: person.external_id,
      name: person.name ?? null,
      avatar_url: person.avatar_url ?? null,
      channel: null,
      channel_user_id: null,
      created_at: now,
    });
    const { person: contact, followed } = await repos.persons.resolveMerged(row);
    return { id: contact.id, inserted, merged: followed };
  }
}

/** The thread when it belongs to the chat of the request's path; 409 when another chat has it. */
function inChat(thread: ThreadRow, chatId: string): ThreadRow {
  if (thread.chat_id !== chatId) {
    throw conflict("thread_in_other_chat", `The thread '${thread.id}' belongs to another chat.`);
  }
  return thread;
}

const isHumanMode = (mode: ThreadMode) => mode === "manual" || mode === "operator";

/** The list filter `status`: one status or a comma list of them (422 for anything else). */
function statusFilter(status: string | undefined): ThreadStatus[] | undefined {
  if (status === undefined) return undefined;
  const statuses = status.split(",").map((part) => part.trim());
  const unknown = statuses.find((part) => !(THREAD_STATUSES as readonly string[]).includes(part));
  if (unknown !== undefined) {
    throw validationFailed([
      { path: "query.status", message: `'${unknown}' is not a status: use ${THREAD_STATUSES.join(", ")}` },
    ]);
  }
  return [...new Set(statuses as ThreadStatus[])];
}

/** The list filter `assignee`: `me` needs a signed-in operator (an API key has no threads of its own). */
function assigneeFilter(auth: AuthContext, assignee: string | undefined): string | null | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === "none") return null;
  if (assignee !== "me") return assignee;
  if (!auth.operator) {
    throw validationFailed([
      { path: "query.assignee", message: "`me` needs a signed-in operator, not an API key" },
    ]);
  }
  return auth.operator.id;
}

import type { ModelMessage } from "ai";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageChunksRepo } from "../../storage/repos/message-chunks.repo.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { BotSettings } from "../bots/index.js";
import type { Embedder } from "../memory/index.js";
import { formatRecalled, type RecalledThread, recall } from "../memory/index.js";
import type { CatalogEntry } from "../models/index.js";
import { type AttachmentLoader, attachImages, readsPdfs } from "./attachment-images.js";
import { estimateTokens, fitHistory, orderToolResults, toModelMessage, unansweredLast } from "./history.js";
import { WORKING_MEMORY_TOOL } from "./tools/update-working-memory.js";
import type { TurnLog } from "./turn-report.js";
import type { RecalledMessage } from "./turn-watch.js";

export interface TurnPromptDeps {
  repos: Repos;
  /** Semantic recall (ai.memory.semanticRecall). */
  memory: { chunks: MessageChunksRepo; embedder: Embedder };
  /** Loads channel attachments, so models that read images (and PDFs) see the files customers send. */
  loadAttachment?: AttachmentLoader;
  /** What other modules add to the prompt (business hours); absent: nothing. */
  promptFacts?: (projectId: string) => Promise<PromptFacts>;
  log: TurnLog;
}

/**
 * What other modules tell the model about the project now (docs/agent.md, "Prompt variables"):
 * values for `{{name}}` in the bot's instruction, and sections after it.
 */
export interface PromptFacts {
  variables: Readonly<Record<string, string>>;
  sections: readonly string[];
}

const NO_FACTS: PromptFacts = { variables: {}, sections: [] };

/** What the model is given: the system prompt and the conversation, fitted to its window. */
export interface TurnPrompt {
  system: string;
  history: ModelMessage[];
  /** The stored messages the history holds, oldest first. */
  rows: MessageRow[];
  /** The earlier messages semantic recall put in the system prompt, best first. */
  recalled: RecalledMessage[];
}

/** Recall must not hold up the reply: past this, the turn goes on without it. */
const RECALL_TIMEOUT_MS = 2000;

/**
 * The prompt of a turn answering `unanswered` (after `settled` approvals, when any): the
 * bot's instruction, working memory and recalled messages, then the latest messages of the
 * thread as the model's window and the bot's `max_tokens` leave room for (docs/agent.md).
 */
export async function buildPrompt(
  deps: TurnPromptDeps,
  thread: ThreadRow,
  unanswered: MessageRow[],
  settled: boolean,
  settings: BotSettings,
  entry: CatalogEntry,
): Promise<TurnPrompt> {
  const messages = deps.repos.messages;
  const reserve = settings.ai.model.max_tokens ?? Math.min(4096, Math.floor(entry.context_window / 4));
  // Room for the settled tool exchange as well as the unanswered messages.
  // Every unanswered message is in the window, with the replies stored between them (a reply
  // to earlier messages may land after later ones): counting only the unanswered would leave
  // the oldest of them out of the prompt, and then count it as answered.
  const oldest = unanswered[0]?.seq;
  const sinceOldest =
    oldest === undefined ? 0 : await messages.countFrom(thread.project_id, thread.id, oldest);
  const window = Math.max(settings.ai.memory.lastMessages, sinceOldest + (settled ? 2 : 0));
  const recent = orderToolResults(await messages.latest(thread.project_id, thread.id, window));
  const available = entry.context_window - reserve;
  const recalled = settings.ai.memory.semanticRecall
    ? await recallSection(deps, thread, unanswered, recent, Math.floor(available / 5))
    : NOTHING_RECALLED;
  const facts = await promptFactsOf(deps, thread);
  const system = systemPrompt(settings, thread.working_memory, recalled.text, facts);
  const rows = unansweredLast(
    fitHistory(recent, window, available - estimateTokens(system)),
    new Set(unanswered.map((row) => row.seq)),
  );
  let history: ModelMessage[] = rows.map(toModelMessage);
  if (entry.images && deps.loadAttachment) {
    history = await attachImages(rows, history, thread.chat_id, deps.loadAttachment, {
      pdfs: readsPdfs(entry.provider),
    });
  }
  return { system, history, rows, recalled: recalled.messages };
}

const NOTHING_RECALLED = { text: "", messages: [] };

/** The prompt's size in tokens, estimated (what a credit hold is sized by). */
export function estimatePromptTokens(prompt: TurnPrompt): number {
  return prompt.rows.reduce((sum, row) => sum + estimateTokens(row.content), estimateTokens(prompt.system));
}

/**
 * The system prompt: the bot's instruction (its `{{variables}}` filled), the other modules'
 * sections (business hours), then the thread's working memory when enabled,
 * then what semantic recall found. Evaluations build theirs here too (docs/quality.md,
 * "Evaluations"), with no working memory and nothing recalled.
 */
export function systemPrompt(
  settings: BotSettings,
  workingMemory: string | null,
  recalled: string,
  facts: PromptFacts = NO_FACTS,
): string {
  const sections = [fillPromptVariables(settings.ai.instruction, facts.variables), ...facts.sections];
  if (settings.ai.memory.workingMemory.enabled) {
    sections.push(
      [
        "## Working memory",
        `Facts about this conversation that you keep up to date with the ${WORKING_MEMORY_TOOL} tool ` +
          "(it replaces the whole block; keep it short Markdown):",
        workingMemory?.trim() ? workingMemory : "(empty)",
      ].join("\n"),
    );
  }
  if (recalled) sections.push(["## Recalled", recalled].join("\n"));
  return sections.join("\n\n");
}

/** `{{name}}` in the instruction replaced by its value; names no module gives stay as written. */
function fillPromptVariables(instruction: string, variables: Readonly<Record<string, string>>): string {
  return instruction.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);
}

/** The facts for the turn; a failure to read them costs only them, never the turn. */
async function promptFactsOf(deps: TurnPromptDeps, thread: ThreadRow): Promise<PromptFacts> {
  if (!deps.promptFacts) return NO_FACTS;
  try {
    return await deps.promptFacts(thread.project_id);
  } catch (error) {
    deps.log.warn({ err: error, threadId: thread.id }, "prompt facts skipped");
    return NO_FACTS;
  }
}

/**
 * Earlier messages similar to what was just said (outside the recent window): the person's,
 * across their threads, or the thread's own when it has no person,
 * as a prompt section of at most `maxTokens` (estimated). Never fails the turn: a slow or
 * failing embedder only costs the recall.
 */
async function recallSection(
  deps: TurnPromptDeps,
  thread: ThreadRow,
  unanswered: MessageRow[],
  recent: MessageRow[],
  maxTokens: number,
): Promise<{ text: string; messages: RecalledMessage[] }> {
  if (unanswered.length === 0) return NOTHING_RECALLED;
  try {
    const found = await Promise.race([
      recall({
        ...deps.memory,
        projectId: thread.project_id,
        // With a person, their threads; without one, this thread's older messages.
        personId: thread.person_id,
        threadId: thread.id,
        query: unanswered.map((m) => m.content).join("\n"),
        excludeMessageSeqs: new Set(recent.map((m) => Number(m.seq))),
      }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("recall timed out")), RECALL_TIMEOUT_MS).unref(),
      ),
    ]);
    let text = formatRecalled(found, { currentThreadId: thread.id });
    while (text && estimateTokens(text) > maxTokens && found.length > 0) {
      found.shift();
      text = formatRecalled(found, { currentThreadId: thread.id });
    }
    return text ? { text, messages: recalledMessages(found) } : NOTHING_RECALLED;
  } catch (error) {
    deps.log.warn({ err: error, threadId: thread.id }, "semantic recall skipped");
    return NOTHING_RECALLED;
  }
}

/** The hits recall put in the prompt (not their neighbours), best first. */
function recalledMessages(found: RecalledThread[]): RecalledMessage[] {
  return found
    .flatMap((recalled) =>
      recalled.hits.flatMap((hit) => {
        const row = recalled.messages.find((message) => Number(message.seq) === hit.messageSeq);
        return row ? [{ messageId: row.id, threadId: recalled.threadId, score: hit.score }] : [];
      }),
    )
    .sort((a, b) => b.score - a.score);
}

import type { Repos } from "../../storage/repos/index.js";

/**
 * Who follows a turn step by step as it runs: the stored trace (docs/quality.md, "Traces")
 * and OpenTelemetry's spans (docs/quality.md) each implement `TurnWatcher`;
 * the engine tells every watcher the same facts, in the order they happen. A watcher must not
 * throw and must not slow the turn: it records, and writes (if at all) when the turn ends.
 *
 * Nothing a secret: tool arguments and results are what the model saw (credentials never are),
 * and no API key or `auth_data` passes through here.
 */

/** What starts a turn. */
export interface TurnStart {
  projectId: string;
  threadId: string;
  /** The job the turn runs as, when it runs as one. */
  jobId?: string | undefined;
}

/** The bot that answers, once the turn has read it. */
export interface TurnBot {
  botId: string;
  /** `<provider>/<model>`. */
  model: string;
  /** The bot's version that answered (docs/quality.md, "Versions"). */
  version: number | null;
  /** The bot's settings as the turn read them: a short hash of the settings document. */
  settingsVersion: string;
  /** Formatting the reply's text goes through (`remove_markdown`, `remove_emojis`); empty when none. */
  formatting: string[];
}

/** A message semantic recall brought back into the prompt. */
export interface RecalledMessage {
  messageId: string;
  threadId: string;
  score: number;
}

/** What the model was given besides the system instruction. */
export interface TurnWindow {
  /** The stored messages in the prompt's window, oldest first. */
  messageIds: string[];
  recalled: RecalledMessage[];
}

/** A knowledge passage a search returned to the model. */
export interface KnowledgePassage {
  vectorStoreId: string;
  fileId: string;
  fileName: string;
  /** The chunk's index in its file. */
  chunk: number;
  score: number;
}

/** The sampling parameters a model call was made with (only those the bot set). */
export interface ModelParameters {
  temperature?: number;
  maxOutputTokens?: number;
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
}

/** One request to the model: a step of a model call (a call makes several when tools run between). */
export interface ModelRequestStart {
  /** The model call's attempt, from 1 (retries make more). */
  attempt: number;
  /** The step in its attempt, from 0. */
  step: number;
  model: string;
  parameters: ModelParameters;
}

export interface ModelRequestEnd {
  inputTokens: number;
  outputTokens: number;
  /** The provider's finish reason (`stop`, `length`, `tool-calls`, …); null when it failed. */
  finishReason: string | null;
  /** The model's own id of the response model, when it told one. */
  responseModel?: string | undefined;
  /** How it failed: `model_error`, `model_timeout`; absent when it answered. */
  error?: { code: string; message: string } | undefined;
}

export interface ModelRequestWatch {
  /** The first output (text, reasoning or a tool call) arrived. Only the first mark counts. */
  firstOutput(): void;
  end(result: ModelRequestEnd): void;
}

/** A tool call, as the model made it (named by its `ai.tools` key). */
export interface ToolCallStart {
  callId: string;
  name: string;
  args: unknown;
  /** When the call waited for approval: the policy and who decided. */
  approval?: { policy: string; decision: "approved" | "denied"; decidedBy: string | null } | undefined;
}

export interface ToolCallEnd {
  status: "ok" | "error" | "denied";
  /** What the model was given back: the tool's result, the error or the refusal's text. */
  result: unknown;
}

export interface ToolCallWatch {
  end(result: ToolCallEnd): void;
}

/** How the turn ended. */
export interface TurnEnd {
  /** `replied`, `already_answered`, `not_answering`, `failed`. */
  outcome: string;
  code?: string | null | undefined;
  reason?: string | null | undefined;
  /** The reply's stored messages (the assistant's and tool messages), when it replied. */
  replyMessageIds?: string[] | undefined;
}

/** One turn, followed. */
export interface TurnWatch {
  /**
   * Inside the reply's transaction, once its messages are written (oldest first): what a
   * watcher stores here commits with the reply, or not at all. Must not throw.
   */
  replyStored?(repos: Repos, messageIds: readonly string[]): Promise<void>;
  bot(bot: TurnBot): void;
  window(window: TurnWindow): void;
  knowledge(query: string, passages: KnowledgePassage[]): void;
  modelRequest(start: ModelRequestStart): ModelRequestWatch;
  toolCall(start: ToolCallStart): ToolCallWatch;
  /** Always called once, last; may write what was recorded. */
  end(end: TurnEnd): Promise<void>;
}

/** Starts following a turn; one per watcher kind (the stored trace, OpenTelemetry). */
export interface TurnWatcher {
  start(turn: TurnStart): TurnWatch;
}

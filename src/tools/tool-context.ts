import type { Tool } from "ai";
import type { z } from "zod";
import type { PublicMessageFile } from "../events/message.js";
import type { Clock } from "../infra/clock.js";
import type { ThreadMode } from "../storage/schema-conversations.js";
import type { ToolPresentation } from "./tool-presentation.js";

/**
 * What a built-in tool may do to the conversation it runs in. The turn runner builds one per
 * turn; tools never touch the database or other services directly.
 */
export interface ToolContext {
  projectId: string;
  threadId: string;
  chatId: string;
  clock: Clock;
  /** Switches the thread's mode (raises mode_changed and the webhook, like the API does). */
  setMode(mode: ThreadMode): Promise<void>;
  /**
   * Marks the conversation `resolved` (resolve_conversation; raises status_changed and the
   * webhook). Absent where there is no real thread (evaluations): the tool then changes nothing.
   */
  resolveConversation?(): Promise<void>;
  /** Schedules an AI-authored message to be sent in this thread at `at`; returns the job id. */
  scheduleMessage(text: string, at: Date): Promise<{ id: string; scheduledAt: string }>;
  /** Replaces the thread's working-memory Markdown block. */
  writeWorkingMemory(markdown: string): Promise<void>;
  readWorkingMemory(): Promise<string | null>;
  /** The thread's person, when it has one (integration tools fill in a lead's contact from it). */
  readPerson?(): Promise<{ externalId: string | null; name: string | null } | null>;
  /**
   * Puts one of the project's labels on the thread (add_label; docs/labels.md): the thread's
   * labels after it, or the names there are when the project has no such label. Absent where
   * no thread is labelled (evaluations).
   */
  addLabel?(
    name: string,
  ): Promise<{ ok: true; added: boolean; labels: string[] } | { ok: false; available: string[] }>;
  /**
   * Fetches a picture or file and keeps it for the turn's reply (send_file; docs/agent.md,
   * "Sending files"). Absent where nothing is sent (evaluations).
   */
  attachFile?(source: {
    url?: string;
    knowledgeFileId?: string;
    /** Text the model wrote, sent as a .txt or .csv file named `name`. */
    content?: string;
    name?: string;
    caption?: string;
  }): Promise<{ ok: true; file: PublicMessageFile } | { ok: false; error: string }>;
  /** Searches the bot's knowledge (vector stores); an empty list while the bot has none. */
  searchKnowledge(
    query: string,
    limit: number,
  ): Promise<Array<{ text: string; source: string; score: number }>>;
}

/** A built-in tool: its name is the key bots use in `ai.tools`; described in GET /v1/tools. */
export interface BuiltinTool {
  name: string;
  /** What the tool does, for developers (GET /v1/tools `description`); the model gets its own in `create`. */
  description: string;
  /** Its title, summary and question wording for people, in every language. */
  presentation: ToolPresentation;
  /** The input schema, also published (as JSON Schema) by GET /v1/tools. */
  inputSchema: z.ZodType;
  create(context: ToolContext): Tool;
}

import type { ModeChangeSource } from "../../events/domain-event.js";
import type { ThreadMode } from "../../storage/schema-conversations.js";
import type { ToolContext } from "../../tools/tool-context.js";

/**
 * What the turn's tools may do to their thread beyond writing messages. Implemented by the
 * threads module (ConversationService) and handed to the engine by the composition root, so
 * that the engine depends on no module above it.
 */
export interface ThreadActions {
  /** `source`: what switched it (a tool of the turn), recorded on `thread.mode.changed`. */
  changeMode(projectId: string, threadId: string, mode: ThreadMode, source: ModeChangeSource): Promise<void>;
  /** The turn's tool (resolve_conversation) marks the conversation resolved (docs/conversations.md, "Status"). */
  resolve(projectId: string, threadId: string): Promise<void>;
  /** A message the AI sends later (schedule_message). */
  scheduleBotMessage(
    projectId: string,
    threadId: string,
    text: string,
    at: Date,
  ): Promise<{ id: string; scheduledAt: string }>;
  writeWorkingMemory(projectId: string, threadId: string, markdown: string): Promise<void>;
  /** Puts one of the project's labels on the thread (add_label; the labels module). */
  addLabel?(
    projectId: string,
    threadId: string,
    name: string,
  ): Promise<{ ok: true; added: boolean; labels: string[] } | { ok: false; available: string[] }>;
  /** Fetches and keeps a file for the turn's reply (send_file; the outbound files module). */
  attachFile?(
    projectId: string,
    threadId: string,
    source: Parameters<NonNullable<ToolContext["attachFile"]>>[0],
  ): ReturnType<NonNullable<ToolContext["attachFile"]>>;
}

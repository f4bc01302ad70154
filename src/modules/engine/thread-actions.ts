import type { ThreadMode } from "../../storage/schema-conversations.js";

/**
 * What the turn's tools may do to their thread beyond writing messages. Implemented by the
 * threads module (ConversationService) and handed to the engine by the composition root, so
 * that the engine depends on no module above it.
 */
export interface ThreadActions {
  changeMode(projectId: string, threadId: string, mode: ThreadMode): Promise<void>;
  /** A message the AI sends later (schedule_message). */
  scheduleBotMessage(
    projectId: string,
    threadId: string,
    text: string,
    at: Date,
  ): Promise<{ id: string; scheduledAt: string }>;
  writeWorkingMemory(projectId: string, threadId: string, markdown: string): Promise<void>;
}

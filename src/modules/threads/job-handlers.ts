import { handleJob, type JobRegistration } from "../../job-queue/job-definition.js";
import type { ConversationService } from "./conversation-service.js";
import { botMessageJob, operatorMessageJob, snoozeWakeJob } from "./jobs.js";

/** Scheduled messages of operators and of the AI, delivered when due (each at most once), and snoozes' ends. */
export function threadJobHandlers(deps: { conversations: ConversationService }): JobRegistration[] {
  return [
    handleJob(operatorMessageJob, async ({ projectId, threadId, text, operator, buttons, files }, job) => {
      await deps.conversations.deliverOperatorMessage(
        projectId,
        threadId,
        text,
        job.id,
        operator,
        buttons,
        files,
      );
    }),
    handleJob(botMessageJob, async ({ projectId, threadId, text }, job) => {
      await deps.conversations.deliverBotMessage(projectId, threadId, text, job.id);
    }),
    handleJob(snoozeWakeJob, async ({ projectId, threadId, snoozedUntil }) => {
      await deps.conversations.wakeSnoozed(projectId, threadId, snoozedUntil);
    }),
  ];
}

import type { DomainEventListener } from "../../../events/event-listener.js";
import { jobOf } from "../../../job-queue/job-definition.js";
import type { JobQueue } from "../../../job-queue/job-queue.js";
import { vendorOf } from "../../../vendors/registry.js";
import { KEEP_FILES_MAX_ATTEMPTS, keepAttachmentFilesJob } from "../jobs.js";
import { AttachmentFiles } from "./attachment-files.js";

/**
 * Files in (docs/channels.md, "Non-text messages"): a customer's message with fetchable
 * attachments, in a chat whose vendor serves files, gets a `channel.keep_files` job in the
 * transaction that stores it; the webhook is answered before anything is downloaded.
 */
export function attachmentFilesListener(deps: { jobs: JobQueue }): DomainEventListener {
  return {
    name: "attachment-files",
    async record(repos, projectId, events) {
      let queued = 0;
      for (const event of events) {
        if (event.type !== "thread.message.created") continue;
        const { message } = event;
        if (message.role !== "user" || !AttachmentFiles.wants(message.attachments)) continue;
        const context = await repos.answerContext(projectId, event.chatId);
        const vendor = context?.integrationVendor;
        if (!vendor || !vendorOf(vendor).fetchFile) continue;
        await deps.jobs.enqueue(repos.jobs, {
          ...jobOf(keepAttachmentFilesJob, { projectId, messageId: message.id }),
          projectId,
          maxAttempts: KEEP_FILES_MAX_ATTEMPTS,
        });
        queued += 1;
      }
      return queued > 0 ? () => deps.jobs.notifyEnqueued() : undefined;
    },
  };
}

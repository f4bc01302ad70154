import { handleJob, type JobRegistration } from "../../job-queue/job-definition.js";
import type { AttachmentFiles } from "./attachment-files/attachment-files.js";
import type { ConnectionService } from "./connection-service.js";
import type { MessageDeliverer } from "./delivery/message-deliverer.js";
import {
  CONNECT_MAX_ATTEMPTS,
  connectIntegrationJob,
  deliverMessageJob,
  keepAttachmentFilesJob,
} from "./jobs.js";

/** Vendor work in the background: registering webhooks, sending messages out, keeping files in. */
export function integrationJobHandlers(deps: {
  connection: ConnectionService;
  deliverer: MessageDeliverer;
  attachmentFiles: AttachmentFiles;
}): JobRegistration[] {
  return [
    handleJob(connectIntegrationJob, async ({ integrationId }, job) => {
      await deps.connection.connect(integrationId, job.attempts >= CONNECT_MAX_ATTEMPTS);
    }),
    handleJob(deliverMessageJob, async ({ projectId, messageId }, job) => {
      await deps.deliverer.deliver(projectId, messageId, job.attempts);
    }),
    handleJob(keepAttachmentFilesJob, async ({ projectId, messageId }, job) => {
      await deps.attachmentFiles.keep(projectId, messageId, job.attempts >= job.maxAttempts);
    }),
  ];
}

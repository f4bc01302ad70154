import { handleJob, type JobRegistration } from "../../job-queue/job-definition.js";
import type { ConnectionService } from "./connection-service.js";
import type { MessageDeliverer } from "./delivery/message-deliverer.js";
import { CONNECT_MAX_ATTEMPTS, connectIntegrationJob, deliverMessageJob } from "./jobs.js";

/** Vendor work in the background: registering webhooks and sending messages out. */
export function integrationJobHandlers(deps: {
  connection: ConnectionService;
  deliverer: MessageDeliverer;
}): JobRegistration[] {
  return [
    handleJob(connectIntegrationJob, async ({ integrationId }, job) => {
      await deps.connection.connect(integrationId, job.attempts >= CONNECT_MAX_ATTEMPTS);
    }),
    handleJob(deliverMessageJob, async ({ projectId, messageId }, job) => {
      await deps.deliverer.deliver(projectId, messageId, job.attempts);
    }),
  ];
}

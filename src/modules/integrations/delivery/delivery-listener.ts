import type { DomainEventListener } from "../../../events/event-listener.js";
import type { Clock } from "../../../infra/clock.js";
import { jobOf } from "../../../job-queue/job-definition.js";
import type { JobQueue } from "../../../job-queue/job-queue.js";
import type { IntegrationVendor } from "../../../storage/schema-integrations.js";
import { deliverMessageJob } from "../jobs.js";
import { channelOf } from "../vendor-lookup.js";
import { pendingDelivery } from "./message-delivery.js";

/**
 * Channel delivery as a listener (docs/channels.md, "Sending"): every message meant for the
 * person (an AI reply, an operator's message, a scheduled follow-up, a confirmation question)
 * in a thread of a vendor chat gets a `pending` delivery and a `channel.deliver` job, in the
 * transaction that stores the message, so a crash can neither lose the send nor skip it.
 */
export function deliveryListener(deps: {
  jobs: JobQueue;
  clock: Clock;
  maxAttempts: number;
}): DomainEventListener {
  return {
    name: "channel-delivery",
    async record(repos, projectId, events) {
      let queued = 0;
      const vendors = new Map<string, IntegrationVendor | null>();
      for (const event of events) {
        if (event.type !== "thread.message.created") continue;
        const { message } = event;
        // A message of files alone (docs/channels.md, "Files") has no text and still goes out.
        const empty = message.content.trim() === "" && (message.files?.length ?? 0) === 0;
        if (message.role !== "assistant" || empty) continue;
        if (!vendors.has(event.chatId)) {
          const context = await repos.answerContext(projectId, event.chatId);
          vendors.set(event.chatId, (context?.integrationVendor as IntegrationVendor | null) ?? null);
        }
        const vendor = vendors.get(event.chatId);
        if (!vendor || !channelOf(vendor).send) continue;
        const now = deps.clock.now().toISOString();
        // A template message was stored with its template on the delivery: it is kept.
        const delivery = pendingDelivery(vendor, now, message.delivery?.template);
        await repos.messages.setDelivery(projectId, message.id, JSON.stringify(delivery));
        await deps.jobs.enqueue(repos.jobs, {
          ...jobOf(deliverMessageJob, { projectId, messageId: message.id }),
          projectId,
          maxAttempts: deps.maxAttempts,
        });
        queued += 1;
      }
      return queued > 0 ? () => deps.jobs.notifyEnqueued() : undefined;
    },
  };
}

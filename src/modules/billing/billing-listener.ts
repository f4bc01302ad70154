import type { DomainEventListener } from "../../events/event-listener.js";
import type { ModelCatalog } from "../models/index.js";
import type { Ledger } from "./ledger.js";
import { replyCost } from "./pricing.js";

/**
 * Billing as a listener (docs/billing.md, "Charges"): each stored reply is charged from its
 * token usage and its model's price, in the reply's own transaction, so a crash can neither
 * lose a charge nor make two. It runs first in the table: the `billing.balance_low` and the
 * `billing.reply.charged` it raises reach the listeners after it (webhooks, analytics).
 */
export function billingListener(deps: {
  ledger: Ledger;
  catalog: ModelCatalog;
  creditsPerUsd: number;
}): DomainEventListener {
  return {
    name: "billing",
    async record(repos, projectId, events, raise) {
      for (const event of events) {
        if (event.type !== "thread.reply.completed") continue;
        const entry = deps.catalog.get(event.modelId);
        const cost = entry ? replyCost(event.usage, entry, deps.creditsPerUsd) : 0;
        const posted = await deps.ledger.post(
          repos,
          projectId,
          {
            type: "charge",
            amount: -cost,
            description: `Reply by ${event.modelId}: ${event.usage.inputTokens} input + ${event.usage.outputTokens} output tokens${entry ? "" : " (model not in the catalog: no price)"}`,
            reference: event.messageId,
            details: {
              thread_id: event.threadId,
              message_id: event.messageId,
              model: event.modelId,
              input_tokens: event.usage.inputTokens,
              output_tokens: event.usage.outputTokens,
            },
          },
          raise,
        );
        // What the reply cost, for the listeners after billing (analytics): once, like the charge.
        if (!("duplicate" in posted)) {
          raise({
            type: "billing.reply.charged",
            threadId: event.threadId,
            messageId: event.messageId,
            amount: cost,
          });
        }
      }
      return undefined;
    },
  };
}

import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { createWebhookSender } from "./delivery/http-sender.js";
import type { WebhookRetrySchedule } from "./delivery/retry-schedule.js";
import { type WebhookAttemptResult, WebhookDispatcher } from "./delivery/webhook-dispatcher.js";
import { pruneWebhookDeliveries } from "./delivery/webhook-outbox.js";
import { webhookRoutes } from "./routes.js";
import { WebhooksService } from "./webhooks-service.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dispatcher overrides: tests shorten the poll interval, the retry schedule and the lease. */
export interface WebhookDispatchOptions {
  pollIntervalMs?: number;
  schedule?: WebhookRetrySchedule;
  leaseMs?: number;
}

/**
 * Webhook endpoints and the delivery of their events (docs/webhooks.md): the API, the
 * dispatcher that sends what the outbox listener wrote (in processes that run the worker), and
 * the pruning of old deliveries. `wake` tells the dispatcher a commit queued deliveries.
 */
export function composeWebhooks(
  context: ModuleContext,
  deps: { onAttempt(result: WebhookAttemptResult): void; dispatch?: WebhookDispatchOptions },
): ModuleParts & { wake(): void } {
  const { config, storage, repos, secrets, clock, newId, log, telemetry } = context;
  const sender = createWebhookSender({ allowPrivate: config.webhooksAllowPrivate });
  const dispatcher = config.runWorker
    ? new WebhookDispatcher({
        storage,
        secrets,
        sender,
        clock,
        log,
        newId,
        onAttempt: deps.onAttempt,
        ...(telemetry ? { telemetry } : {}),
        ...deps.dispatch,
      })
    : undefined;
  const webhooks = new WebhooksService({
    repos,
    secrets,
    clock,
    newId,
    allowPrivate: config.webhooksAllowPrivate,
    onDeliveriesDue: () => dispatcher?.wake(),
  });
  return {
    name: "webhooks",
    wake: () => dispatcher?.wake(),
    routes: (api) => webhookRoutes(api, webhooks),
    start: () => dispatcher?.start(),
    async housekeeping() {
      await pruneWebhookDeliveries(
        repos,
        new Date(clock.now().getTime() - config.webhookRetentionDays * DAY_MS),
      );
    },
    async close() {
      await dispatcher?.stop();
      sender.close();
    },
  };
}

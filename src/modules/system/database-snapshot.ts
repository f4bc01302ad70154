import type { Clock } from "../../infra/clock.js";
import type { DatabaseSnapshot } from "../../infra/scrape-gauges.js";
import type { Repos } from "../../storage/repos/index.js";

/**
 * The database-wide figures of /metrics, in three aggregate queries (jobs by type and state,
 * the oldest pending webhook delivery, pending approvals). They describe the database, not
 * the process: in a cluster every process reports the same values.
 */
export async function readDatabaseSnapshot(repos: Repos, clock: Clock): Promise<DatabaseSnapshot> {
  const now = clock.now();
  const [jobs, oldestDelivery, pendingApprovals] = await Promise.all([
    repos.jobs.countByState(now),
    repos.webhooks.oldestPendingCreatedAt(),
    repos.approvals.countPending(),
  ]);
  return {
    jobs,
    oldestPendingWebhookSeconds:
      oldestDelivery === null ? 0 : Math.max(0, (now.getTime() - Date.parse(oldestDelivery)) / 1000),
    pendingApprovals,
  };
}

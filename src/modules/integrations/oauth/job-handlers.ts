import { handleJob, type JobRegistration } from "../../../job-queue/job-definition.js";
import { REFRESH_JOB_ATTEMPTS, refreshOAuthJob } from "./jobs.js";
import type { OAuthTokens } from "./oauth-tokens.js";

/** OAuth work in the background: refreshing tokens before they expire. */
export function oauthJobHandlers(deps: { tokens: OAuthTokens }): JobRegistration[] {
  return [
    handleJob(refreshOAuthJob, async ({ integrationId, version }, job) => {
      await deps.tokens.refreshScheduled(integrationId, version, {
        id: job.id,
        lastAttempt: job.attempts >= REFRESH_JOB_ATTEMPTS,
      });
    }),
  ];
}

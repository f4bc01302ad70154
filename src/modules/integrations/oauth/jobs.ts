import { z } from "zod";
import { defineJob } from "../../../job-queue/job-definition.js";

/**
 * Refreshes an integration's OAuth tokens before they expire (docs/oauth.md, "Staying
 * connected"): scheduled for each stored grant that expires, named by its version, so a job
 * whose grant was replaced or refreshed since does nothing.
 */
export const refreshOAuthJob = defineJob(
  "oauth.refresh",
  z.object({ projectId: z.string(), integrationId: z.string(), version: z.number().int() }),
);

/** Runs of one refresh job (about 0, 1, 3, 7, … s apart; after the last, a new job an hour later). */
export const REFRESH_JOB_ATTEMPTS = 12;

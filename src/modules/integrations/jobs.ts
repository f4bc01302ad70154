import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";

/** Registers the integration's webhook with its vendor (after create, activation, new credentials). */
export const connectIntegrationJob = defineJob(
  "integration.connect",
  z.object({ projectId: z.string(), integrationId: z.string() }),
);

/**
 * Sends one stored message to the vendor conversation of its thread (docs/channels.md,
 * "Sending"), in the delivery lane: a backlog of replies never delays a send.
 */
export const deliverMessageJob = defineJob(
  "channel.deliver",
  z.object({ projectId: z.string(), messageId: z.string() }),
  { lane: "delivery" },
);

/** Attempts of the connect job (about 0, 1, 3, 7, … s apart, then recorded as failed). */
export const CONNECT_MAX_ATTEMPTS = 8;

/** Fetches and keeps the files of a customer's channel message (docs/channels.md, "Non-text messages"). */
export const keepAttachmentFilesJob = defineJob(
  "channel.keep_files",
  z.object({ projectId: z.string(), messageId: z.string() }),
);

/** Attempts of the keep-files job before a file the vendor does not serve is recorded `unavailable`. */
export const KEEP_FILES_MAX_ATTEMPTS = 5;

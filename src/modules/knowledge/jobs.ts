import { z } from "zod";
import { defineJob } from "../../job-queue/job-definition.js";

/** Parses, chunks and embeds one file of a vector store (docs/knowledge.md, "Ingestion"). */
export const ingestFileJob = defineJob(
  "knowledge.ingest",
  z.object({ projectId: z.string(), storeId: z.string(), fileId: z.string() }),
);

/** Attempts of an ingestion before the file is `error` (a crash mid-way is just a retry). */
export const INGEST_MAX_ATTEMPTS = 4;

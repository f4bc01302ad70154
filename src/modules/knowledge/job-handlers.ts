import { handleJob, type JobRegistration } from "../../job-queue/job-definition.js";
import { ingestFileJob } from "./jobs.js";
import type { KnowledgeService } from "./knowledge-service.js";

/** Ingestion of vector store files, one job per file. */
export function knowledgeJobHandlers(deps: { knowledge: KnowledgeService }): JobRegistration[] {
  return [
    handleJob(ingestFileJob, async ({ storeId, fileId }, job) => {
      await deps.knowledge.ingest(storeId, fileId, job.attempts);
    }),
  ];
}

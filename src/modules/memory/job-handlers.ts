import { handleJob, type JobRegistration } from "../../job-queue/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type { MessageChunksRepo } from "../../storage/repos/message-chunks.repo.js";
import type { Embedder } from "./embedder.js";
import { memoryIndexJob } from "./jobs.js";
import { indexMessages } from "./semantic-recall.js";

/** Messages (re)checked for embedding after each turn of a thread with semantic recall. */
const INDEX_WINDOW = 20;

/** Semantic recall's background work: embedding a thread's newest messages. */
export function memoryJobHandlers(deps: {
  repos: Repos;
  chunks: MessageChunksRepo;
  embedder: Embedder;
}): JobRegistration[] {
  return [
    handleJob(memoryIndexJob, async ({ projectId, threadId }) => {
      const thread = await deps.repos.threads.find(projectId, threadId);
      if (!thread) return;
      // The newest messages are the ones not indexed yet; indexing is idempotent.
      const recent = await deps.repos.messages.latest(projectId, threadId, INDEX_WINDOW);
      await indexMessages(
        deps.chunks,
        deps.embedder,
        recent.map((message) => ({ ...message, person_id: thread.person_id })),
      );
    }),
  ];
}

import type { Generated } from "kysely";

/**
 * The thread event log (migration 0005): every ThreadEvent is recorded in the transaction of
 * the change that raised it, so a stream can replay what a client missed (Last-Event-ID).
 * Rows are kept for at least 10 minutes, then pruned (storage/repos/thread-events.repo.ts, `pruneThreadEvents`).
 */
export interface ThreadEventsTable {
  /** Global insertion order; the SSE event id. */
  seq: Generated<number>;
  project_id: string;
  thread_id: string;
  type: string;
  /** The whole ThreadEvent as JSON, exactly as streamed. */
  data: string;
  created_at: string;
}

export interface EventTables {
  thread_events: ThreadEventsTable;
}

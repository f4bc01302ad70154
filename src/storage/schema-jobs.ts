/** The durable job queue (migration 0004; thread_id and status `cancelled`: 0016). */
export type JobStatus = "pending" | "running" | "done" | "failed" | "cancelled";

export interface JobsTable {
  /** `job_…` */
  id: string;
  /** Selects the handler. */
  type: string;
  /** The handler's input, JSON. */
  payload: string;
  status: JobStatus;
  /** Runs started so far, counted when a worker claims the job (so a crashed run counts too). */
  attempts: number;
  max_attempts: number;
  /** When the job is next due: its first run, or its next retry. */
  run_at: string;
  /** The lease of a running job; once past, another worker may take the job over. */
  locked_until: string | null;
  /** The worker holding the lease; only it may complete or fail the job. */
  locked_by: string | null;
  /** The error of the latest failed run, kept after a later success or final failure. */
  last_error: string | null;
  /** At most one job per key (until the job is pruned); null for jobs that need none. */
  dedupe_key: string | null;
  /** The project the work belongs to, if any; no foreign key, so a job may outlive its project. */
  project_id: string | null;
  /** The thread the work is about: the payload's `threadId`, when it has one (listing, filters). */
  thread_id: string | null;
  created_at: string;
  updated_at: string;
  /** When the job became done or failed; what pruning compares. */
  finished_at: string | null;
}

export interface JobTables {
  jobs: JobsTable;
}

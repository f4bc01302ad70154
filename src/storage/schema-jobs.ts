/** The durable job queue (migration 0004). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the migration's author
export interface JobTables {}

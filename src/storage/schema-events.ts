/** The thread event log for SSE replay (migration 0005). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the migration's author
export interface EventTables {}

import type { Repos } from "../storage/repos/index.js";
import type { DomainEvent } from "./domain-event.js";

/**
 * Follows from the domain events of one committed change. `record` runs inside the change's
 * transaction, after its work, and writes what must commit (or roll back) with it: an outbox
 * row, a log entry. What it returns runs after the commit (publishing, waking a worker).
 * Listeners run in the order of their table; one that takes the project's event lock should
 * come late, since the lock is held until commit.
 */
export interface DomainEventListener {
  readonly name: string;
  record(repos: Repos, projectId: string, events: readonly DomainEvent[]): Promise<(() => void) | undefined>;
}

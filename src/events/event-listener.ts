import type { Repos } from "../storage/repos/index.js";
import type { DomainEvent } from "./domain-event.js";

/**
 * Follows from the domain events of one committed change. `record` runs inside the change's
 * transaction, after its work, and writes what must commit (or roll back) with it: an outbox
 * row, a log entry. What it returns runs after the commit (publishing, waking a worker).
 * Listeners run in the order of their table; one that takes the project's event lock should
 * come late, since the lock is held until commit. A listener may `raise` further events of the
 * change (billing raises `billing.balance_low`): the listeners after it see them.
 */
export interface DomainEventListener {
  readonly name: string;
  record(
    repos: Repos,
    projectId: string,
    events: readonly DomainEvent[],
    raise: (event: DomainEvent) => void,
  ): Promise<(() => void) | undefined>;
}

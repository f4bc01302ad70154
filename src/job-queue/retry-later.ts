/**
 * Thrown by a job handler that must run again after a wait it knows (a vendor's `retry_after`):
 * the run counts as a failed attempt, and the next one is due after `delayMs` instead of the
 * queue's backoff.
 */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
    this.name = "RetryLater";
  }
}

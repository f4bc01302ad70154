/**
 * How long a test waits for something that happens in the background (a job, an event, a stream
 * frame, a request reaching a fake) before it fails. Generous, because a loaded machine is slow:
 * it bounds a hang, it does not measure speed, and a wait that succeeds ends as soon as it does
 * (docs/development.md, "Tests and time"). Below vitest's 30 s test timeout, so that the failure
 * names what was awaited.
 */
export const WAIT_BOUND_MS = 20_000;

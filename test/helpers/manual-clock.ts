import type { Clock } from "../../src/infra/clock.js";

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start = "2026-11-21T10:00:00.000Z") {
    this.current = Date.parse(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

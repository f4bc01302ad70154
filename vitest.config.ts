import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "test/**/*.test.ts",
      "src/**/*.test.ts",
      "console/src/**/*.test.{ts,tsx}",
      "widget/src/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Most suites wait on I/O (loopback servers, databases, timers), so at least two files run
    // at once even on two cores: the whole suite took 700 s with vitest's default (cores - 1 =
    // one worker here) and 410 s with two.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ["default", "./test/helpers/summary-reporter.ts"],
  },
});

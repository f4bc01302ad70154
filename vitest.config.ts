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
    reporters: ["default", "./test/helpers/summary-reporter.ts"],
  },
});

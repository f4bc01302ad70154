import { writeFileSync } from "node:fs";
import type { RunResult } from "./stats.js";

/**
 * BENCH_JSON=<file>: each suite adds its measured numbers under its own name, and the file is
 * written once at the end of the run, so docs can be made from one run's numbers.
 */
const sections: Record<string, unknown> = {};

export function addJson(suite: string, data: unknown): void {
  sections[suite] = data;
}

export function writeJson(): void {
  const file = process.env.BENCH_JSON;
  if (!file) return;
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), ...sections }, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
}

export function verdict(pass: boolean): "PASS" | "FAIL" {
  return pass ? "PASS" : "FAIL";
}

/**
 * Lines warning of measurements where the bench process (client loops + fake model) was near
 * its cores' capacity: there the load generator, not the server, may have set the pace.
 */
export function loadGeneratorNotes(results: RunResult[]): string[] {
  return results
    .filter((r) => (r.benchCpuShare ?? 0) > 0.9)
    .map(
      (r) =>
        `note: the bench process used ${((r.benchCpuShare ?? 0) * 100).toFixed(0)}% of its cores during ` +
        `${r.label} at ${r.users} users: that row may be limited by the load generator, not the server`,
    );
}

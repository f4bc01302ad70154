import { execFileSync, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * CPU pinning, so that the server under test and the bench process (client loops + the fake
 * model) do not compete for a core: the server runs under `taskset -c <BENCH_SERVER_CPU>`
 * (default 1), the bench process moves itself to the other cores. BENCH_PIN=false turns this
 * off; it is also off, with the reason in `pinning.note`, without taskset or with one CPU.
 */
const cpuCount = availableParallelism();
const serverCpu = Number(process.env.BENCH_SERVER_CPU ?? 1);
const hasTaskset = spawnSync("taskset", ["--version"]).error === undefined;

function why(): string | null {
  if (process.env.BENCH_PIN === "false") return "BENCH_PIN=false";
  if (!hasTaskset) return "taskset not found";
  if (cpuCount < 2) return "only one CPU";
  if (!Number.isInteger(serverCpu) || serverCpu < 0 || serverCpu >= cpuCount) {
    return `BENCH_SERVER_CPU=${process.env.BENCH_SERVER_CPU} is not one of CPUs 0-${cpuCount - 1}`;
  }
  return null;
}

const off = why();
const allCpus = `0-${cpuCount - 1}`;
const benchCpus = Array.from({ length: cpuCount }, (_, cpu) => cpu)
  .filter((cpu) => cpu !== serverCpu)
  .join(",");

export const pinning = {
  enabled: off === null,
  serverCpu,
  benchCpus,
  /** One line for report headers. */
  note:
    off === null
      ? `server pinned to CPU ${serverCpu}, bench process to CPU ${benchCpus}`
      : `not pinned (${off})`,
};

/** The command and arguments to spawn `command args` pinned to the server core (or as is). */
export function pinned(command: string, args: string[], pin = pinning.enabled): [string, string[]] {
  return pin ? ["taskset", ["-c", String(serverCpu), command, ...args]] : [command, args];
}

/**
 * Moves this process (all its threads: `-a`) to the bench cores, or back to all cores with
 * `all`. A no-op when pinning is off.
 */
export function pinBenchProcess(all = false): void {
  if (!pinning.enabled) return;
  execFileSync("taskset", ["-a", "-cp", all ? allCpus : benchCpus, String(process.pid)], { stdio: "ignore" });
}

/** How many cores the bench process may use now (for its own CPU share). */
export function benchCoreCount(): number {
  return availableParallelism();
}

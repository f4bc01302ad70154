import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Clock ticks per second, the unit of /proc/<pid>/stat's times (almost always 100). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from fields 14 and 15
 * of /proc/<pid>/stat. The resolution is one tick (10 ms), so callers take a delta over a whole
 * measurement, never per turn. The command name (field 2) may hold spaces and parentheses, so
 * fields are counted from after its closing parenthesis.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state), so field 14 (utime) is fields[11], field 15 (stime) fields[12].
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Summed CPU ms of several processes (e.g. two API processes). */
export function cpuMsOf(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
}

/**
 * The whole machine's busy share (0–1 of all cores) between two calls of the returned function,
 * from /proc/stat's first line (idle and iowait count as not busy): shows whether the box, not
 * one process, was the limit when nothing is pinned.
 */
export function machineBusy(): () => number {
  const read = () => {
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    return { idle: ticks[3]! + ticks[4]!, total };
  };
  const before = read();
  return () => {
    const after = read();
    const total = after.total - before.total;
    return total === 0 ? 0 : 1 - (after.idle - before.idle) / total;
  };
}

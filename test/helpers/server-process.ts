import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Runs an npm script the way the README does, from the repository root. */
export function runNpm(args: string[], env: Record<string, string>): RunningProcess {
  return runProcess("npm", args, env, new URL("../..", import.meta.url).pathname);
}

/** Runs a command in `cwd` with the environment plus `env`, keeping what it prints. */
export function runProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): RunningProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/**
 * The bound on one step of a process test: a start, a readiness, an exit. A loaded CI machine
 * starts Node (and tsx, for the CLI) several times slower than an idle one, so this is generous:
 * it turns a hang into a failure naming the step, it does not measure speed (docs/development.md).
 * A test's own timeout is the sum of its steps' bounds, so that a step's bound fails first.
 */
export const PROCESS_STEP_MS = 60_000;

/** The process's exit code; fails naming `what` (and killing the process) if it has not exited in time. */
export async function exitCode(
  run: RunningProcess,
  what: string,
  boundMs = PROCESS_STEP_MS,
): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      run.child.kill("SIGKILL");
      reject(
        new Error(`${what} did not exit within ${boundMs / 1000} s; stderr: ${run.stderr().slice(-2000)}`),
      );
    }, boundMs);
  });
  try {
    return await Promise.race([run.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once the process has printed output matching `pattern`; fails if it exits first or not in time. */
export async function printed(
  run: RunningProcess,
  pattern: RegExp,
  what: string,
  boundMs = PROCESS_STEP_MS,
): Promise<void> {
  if (pattern.test(run.stdout())) return;
  const stdout = run.child.stdout;
  let onData: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onData = () => {
        if (pattern.test(run.stdout())) resolve();
      };
      // Listeners run in order: runNpm's own collects the chunk before this one reads it.
      stdout?.on("data", onData);
      run.exited.then((code) => {
        if (pattern.test(run.stdout())) resolve();
        else
          reject(
            new Error(`the process exited (${code}) before ${what}; stderr: ${run.stderr().slice(-2000)}`),
          );
      });
      timer = setTimeout(() => reject(new Error(`no ${what} within ${boundMs / 1000} s`)), boundMs);
    });
  } finally {
    clearTimeout(timer);
    if (onData) stdout?.off("data", onData);
  }
}

/** Polls `GET <base>/readyz` until it answers 200; fails if the process exits first or not in time. */
export async function ready(
  run: RunningProcess,
  base: string,
  what = "readiness",
  boundMs = PROCESS_STEP_MS,
) {
  let exited: number | null | undefined;
  void run.exited.then((code) => {
    exited = code;
  });
  await waitFor(
    async () => {
      if (exited !== undefined)
        throw new Error(
          `the process exited (${exited}) before ${what}; stderr: ${run.stderr().slice(-2000)}`,
        );
      return (
        (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null))?.ok === true
      );
    },
    boundMs,
    what,
  );
}

/** Polls until the predicate holds or the time is up. */
export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

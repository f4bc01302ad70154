import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`); .ci/run installs it. */
export const CHROMIUM_PATH = process.env.PARLEY_CHROMIUM ?? "/usr/bin/chromium";

/**
 * Whether browser tests can run. In CI they must: a missing Chromium fails the run there
 * instead of skipping; locally the suite says plainly that it skips them.
 */
export function browserAvailable(suite: string): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI)
    throw new Error(`${suite}: Chromium is missing at ${CHROMIUM_PATH}; CI must install it`);
  console.warn(
    `\n[${suite}] SKIPPED: no Chromium at ${CHROMIUM_PATH}. Install it (apt-get install chromium) to run the browser tests.\n`,
  );
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

const ROOT = join(import.meta.dirname, "..", "..");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * Builds the console when console/dist is missing or older than its sources (npm ci builds it
 * once; a developer who edited the console gets a fresh build before the browser tests).
 */
export function ensureConsoleBuilt(): void {
  ensureBuilt("console", "console:build", ["src", "index.html", "vite.config.ts"], "index.html");
}

/** The same for the web widget's script (widget/dist/widget.js). */
export function ensureWidgetBuilt(): void {
  ensureBuilt("widget", "widget:build", ["src", "vite.config.ts"], "widget.js");
}

function ensureBuilt(folder: string, script: string, sources: string[], output: string): void {
  const built = join(ROOT, folder, "dist", output);
  const newest = Math.max(...sources.map((source) => newestMtime(join(ROOT, folder, source))));
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return;
  execFileSync("npm", ["run", "--silent", script], { cwd: ROOT, stdio: "inherit" });
}

/**
 * Waits until a JavaScript expression is truthy in the page, polling with `page.evaluate` (the
 * DevTools protocol, which the console's Content-Security-Policy allows: Playwright's
 * `waitForFunction` evaluates its string with `eval` in the page once the first check fails,
 * which that policy refuses). Resolves whether it became true within `timeoutMs`.
 */
export async function pageCondition(
  page: { evaluate(expression: string): Promise<unknown> },
  expression: string,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(`Boolean(${expression})`)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

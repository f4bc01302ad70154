// What `npm start` runs, read from package.json's `start` script, which has the form
// `[NAME=${NAME:-default} ...] exec node <node arguments>`: the environment defaults and the
// node arguments. V8's young-generation size and glibc's malloc arenas are fixed when the
// process starts, so they are set there rather than in scripts/start.mjs
// (docs/performance.md#memory). The image's CMD and ENV, and the benchmark, start the server
// the same way from this one definition.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** @returns {{ env: Record<string, string>, args: string[] }} */
export function startCommand(root) {
  const script = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start;
  const match = /^((?:\w+=\$\{\w+:-[^}\s]*\}\s+)*)exec node (.+)$/.exec(script);
  if (!match) throw new Error(`package.json's start script has an unexpected form: ${script}`);
  const env = {};
  for (const [, name, fallback] of match[1].matchAll(/(\w+)=\$\{\w+:-([^}\s]*)\}/g)) env[name] = fallback;
  return { env, args: match[2].split(" ").filter(Boolean) };
}

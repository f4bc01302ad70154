// Refuses to run on a Node.js older than package.json's `engines.node` (`>=MAJOR`) with one line
// on stderr and exit code 1, before anything else is loaded: an old runtime would otherwise fail
// later and less clearly (a native module built for another ABI, a missing API). Imported first
// by scripts/start.mjs, src/server.ts and src/cli.ts (docs/operations.md#nodejs).
import { readFileSync } from "node:fs";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const required = Number(/^>=\s*(\d+)/.exec(manifest.engines?.node ?? "")?.[1] ?? 0);
const running = process.versions.node;
if (Number(running.split(".")[0]) < required) {
  process.stderr.write(
    `parley: Node.js ${required} or newer is required, this is Node.js ${running}; install Node.js ${required} LTS or newer (README, Quick start)\n`,
  );
  process.exit(1);
}

// `npm run parley -- …`: the administration CLI (src/cli.ts) from dist/, as `npm start` runs
// the server: rebuilt first when src/ changed since it was built (scripts/build-server.mjs).
// Loading the TypeScript through tsx compiled its whole import graph at each run, seconds
// before the command began (docs/operations.md, "Administration CLI").
import "./require-node.mjs";
import { ensureServerBuild } from "./build-server.mjs";

try {
  await ensureServerBuild();
} catch (error) {
  process.stderr.write(`parley: could not build the CLI from src/ into dist/: ${error.message}\n`);
  process.exit(1);
}
await import("../dist/cli.js");

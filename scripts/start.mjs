// `npm start`: the server from dist/, rebuilt first when src/ changed since it was built
// (scripts/build-server.mjs). A read-only install (the container image) has its build already.
import "./require-node.mjs";
import { setFlagsFromString } from "node:v8";
import { ensureServerBuild } from "./build-server.mjs";

// V8 lets the old generation grow up to 4x what the last full collection kept before it
// collects again; Parley keeps ~55 MB live under load, so its memory peaked near 190 MB of heap
// for ~55 MB of data. 1.5x keeps the peak ~60 MB lower for a full collection every few seconds
// under load (~17 ms each, incremental); docs/performance.md. An operator's own
// --heap-growing-percent (NODE_OPTIONS or node's arguments) wins.
if (!`${process.env.NODE_OPTIONS ?? ""} ${process.execArgv.join(" ")}`.includes("--heap-growing-percent")) {
  setFlagsFromString("--heap-growing-percent=50");
}

try {
  await ensureServerBuild();
} catch (error) {
  process.stderr.write(`parley: could not build the server from src/ into dist/: ${error.message}\n`);
  process.exit(1);
}
await import("../dist/server.js");

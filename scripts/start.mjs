// `npm start`: the server from dist/, rebuilt first when src/ changed since it was built
// (scripts/build-server.mjs). A read-only install (the container image) has its build already.
import { ensureServerBuild } from "./build-server.mjs";

try {
  await ensureServerBuild();
} catch (error) {
  process.stderr.write(`parley: could not build the server from src/ into dist/: ${error.message}\n`);
  process.exit(1);
}
await import("../dist/server.js");

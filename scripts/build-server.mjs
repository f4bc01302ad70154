// The server as plain JavaScript in dist/, transpiled from src/ by esbuild (types are checked by
// `npm run typecheck`, not here). `npm start` runs dist/: loading TypeScript through tsx at run
// time cost about 75 MB of memory and its start-up time (docs/performance.md).
//
// dist/.sources holds a hash of the sources it was built from; `ensureServerBuild` rebuilds only
// when that hash differs, so a start after `git pull` or an edit never runs stale code, and a
// start with an up-to-date build (an image, a second start) writes nothing. Each file is written
// to a temporary name and renamed, so two starts building at once never leave a half-written one.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");
const STAMP = join(DIST, ".sources");

function sourceFiles(dir = SRC, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) found.push(path);
  }
  return found.sort();
}

function sourcesHash(files) {
  const hash = createHash("sha256");
  for (const file of files) hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file));
  return hash.digest("hex");
}

function readStamp() {
  try {
    return readFileSync(STAMP, "utf8").trim();
  } catch {
    return null;
  }
}

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Builds dist/ unless it was built from exactly these sources; true when it built. */
export async function ensureServerBuild({ force = false } = {}) {
  const files = sourceFiles();
  const hash = sourcesHash(files);
  if (!force && readStamp() === hash) return false;
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: files,
    outdir: DIST,
    outbase: SRC,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    logLevel: "warning",
  });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  writeAtomically(STAMP, `${hash}\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  await ensureServerBuild({ force: process.argv.includes("--force") });
  const ms = Math.round(performance.now() - started);
  if (!process.argv.includes("--quiet")) process.stdout.write(`server built in dist/ (${ms} ms)\n`);
}

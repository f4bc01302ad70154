import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import JSZip from "jszip";
import { makeHostilePageTree } from "../test/modules/knowledge/fixtures/make-pdf.js";

/**
 * How long hostile documents stall a running server's event loop while it ingests them
 * (docs/operations.md, "Parse workers"). Each document gets a fresh server on an empty
 * DATA_DIR (`node scripts/start.mjs`, what `npm start` runs; BENCH_SERVER_DIR measures another
 * checkout), is uploaded and added to a vector store through the real API, and while it is
 * being ingested one request after another goes to /healthz: the longest round trip is the
 * longest stall. The document's final status (or where it was when INGEST_STALL_DEADLINE_S ran
 * out) is reported with it.
 *
 *   node --import tsx bench/ingest-stalls.ts [pdf pdf5k pdf200k json csv docx html text]
 *
 * With no names it measures the five hostile documents of docs/operations.md (pdf json csv docx
 * html).
 */

const KEY = "prl_ingest_stall_bench_key_0123456789";
const SERVER_DIR = process.env.BENCH_SERVER_DIR ?? process.cwd();
const DEADLINE_MS = Number(process.env.INGEST_STALL_DEADLINE_S ?? 180) * 1000;

interface Doc {
  name: string;
  filename: string;
  bytes: () => Promise<Uint8Array>;
}

const DOCS: Doc[] = [
  { name: "pdf", filename: "kids.pdf", bytes: async () => makeHostilePageTree("repeat", 16_000) },
  // Under the page limit: refused for listing its page twice.
  { name: "pdf5k", filename: "kids.pdf", bytes: async () => makeHostilePageTree("repeat", 5_000) },
  { name: "pdf200k", filename: "kids.pdf", bytes: async () => makeHostilePageTree("repeat", 200_000) },
  {
    name: "json",
    filename: "deep.json",
    bytes: async () => Buffer.from(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`),
  },
  { name: "csv", filename: "wide.csv", bytes: async () => wideCsv(200_000, 2) },
  { name: "docx", filename: "big.docx", bytes: () => bigDocx(190 * 1024 * 1024) },
  {
    name: "html",
    filename: "deep.html",
    bytes: async () => Buffer.from(`<html><body>${"<div>".repeat(200_000)}deep${"</div>".repeat(200_000)}`),
  },
  // Not hostile, only large: 9.5 million characters of prose, thousands of chunks to embed.
  { name: "text", filename: "big.txt", bytes: async () => prose(9_500_000) },
];

function prose(chars: number): Uint8Array {
  const words = "delivery refund bike repair warranty order price store card days week battery".split(" ");
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i += 1) {
    const word = `${words[(i * 7) % words.length]}${i % 97}`;
    out.push(i % 120 === 119 ? `${word}.\n\n` : `${word} `);
    length += word.length + 1;
  }
  return Buffer.from(out.join(""));
}

function wideCsv(columns: number, rows: number): Uint8Array {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(",");
  const row = Array.from({ length: columns }, (_, i) => String(i % 10)).join(",");
  return Buffer.from(`${header}\n${`${row}\n`.repeat(rows)}`);
}

/** A Word document whose main part unpacks to about `unpackedBytes` (under the 200 MiB limit). */
async function bigDocx(unpackedBytes: number): Promise<Uint8Array> {
  const paragraph = "<w:p><w:r><w:t>word</w:t></w:r></w:p>";
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const tail = "</w:body></w:document>";
  const body = paragraph.repeat(Math.floor((unpackedBytes - head.length - tail.length) / paragraph.length));
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file("word/document.xml", head + body + tail);
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let stderr = "";

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  stderr = "";
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), "parley-stall-")),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      PARLEY_BOOTSTRAP_API_KEY: KEY,
      PARLEY_RATE_LIMIT_PER_KEY: "1000000",
      PARLEY_RATE_LIMIT_PER_IP: "1000000",
      PARLEY_RATE_LIMIT_PER_PROJECT: "1000000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not become ready");
}

async function measure(doc: Doc): Promise<string> {
  const bytes = await doc.bytes();
  const { child, base } = await startServer();
  const headers = { authorization: `Bearer ${KEY}` };
  try {
    const form = new FormData();
    form.append("purpose", "assistants");
    form.append("file", new Blob([bytes]), doc.filename);
    const file = (await (
      await fetch(`${base}/v1/files`, { method: "POST", headers, body: form })
    ).json()) as {
      id: string;
    };
    let stalled = 0;
    let done = false;
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        // A request the server resets (it closes keep-alive sockets that idled past their
        // timeout while its loop was blocked) still waited that long.
        const answered = await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        stalled = Math.max(stalled, performance.now() - started);
        if (!answered && !alive(child)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const store = (await (
      await fetch(`${base}/v1/vector_stores`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ name: doc.name, file_ids: [file.id] }),
      })
    ).json()) as { id: string };
    let state: { status: string; last_error: { code: string; message: string } | null } = {
      status: "pending",
      last_error: null,
    };
    while (performance.now() - started < DEADLINE_MS) {
      const answer = await fetch(`${base}/v1/vector_stores/${store.id}/files/${file.id}`, { headers }).catch(
        () => null,
      );
      if (!answer) {
        if (alive(child)) continue;
        state = { status: `a dead server (exit ${child.exitCode ?? child.signalCode})`, last_error: null };
        process.stderr.write(`${doc.name}: the server's last words: ${stderr}\n`);
        break;
      }
      state = (await answer.json()) as typeof state;
      if (state.status !== "pending") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const elapsed = (performance.now() - started) / 1000;
    done = true;
    await probe;
    const outcome = state.status === "pending" ? `still pending after ${elapsed.toFixed(0)} s` : state.status;
    const error = state.last_error
      ? ` ${state.last_error.code}: ${state.last_error.message.slice(0, 120)}`
      : "";
    return `${doc.name.padEnd(5)} ${(bytes.byteLength / 1024).toFixed(0).padStart(7)} KB  longest /healthz ${(stalled / 1000).toFixed(3).padStart(8)} s  ${elapsed.toFixed(1).padStart(6)} s to ${outcome}${error}`;
  } finally {
    child.kill("SIGKILL");
  }
}

const wanted = process.argv.slice(2);
const DEFAULT = ["pdf", "json", "csv", "docx", "html"];
for (const doc of DOCS.filter((d) => (wanted.length === 0 ? DEFAULT : wanted).includes(d.name))) {
  process.stdout.write(`${await measure(doc)}\n`);
}

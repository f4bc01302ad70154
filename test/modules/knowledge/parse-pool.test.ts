import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chunkText } from "../../../src/modules/knowledge/ingest/chunk-text.js";
import { DocumentParseError } from "../../../src/modules/knowledge/ingest/document-parse-error.js";
import {
  type ParsedChunks,
  ParsePool,
  ParsePoolClosedError,
  type ParsePoolOptions,
} from "../../../src/modules/knowledge/ingest/parse-pool.js";

const MISBEHAVING = new URL("./fixtures/misbehaving-parse-worker.ts", import.meta.url);
const FAQ =
  "# Shipping\n\nWe ship bikes within 3 working days.\n\n# Returns\n\nA bike can be returned within 14 days.";

const job = (text: string, filename = "faq.md") => ({
  bytes: new TextEncoder().encode(text),
  filename,
  strategy: { type: "static" as const, static: { max_chunk_size_tokens: 100, chunk_overlap_tokens: 20 } },
});

/** Waits, on timers of this thread, until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** What a parse ends with: its chunks' contents, or the code (or class) of its failure. */
async function outcome(parse: Promise<ParsedChunks>): Promise<string[] | string> {
  return parse.then(
    (parsed) => parsed.chunks.map((chunk) => chunk.content),
    (error: unknown) =>
      error instanceof DocumentParseError ? error.code : error instanceof Error ? error.name : String(error),
  );
}

/**
 * The parse pool (docs/operations.md, "Parse workers"): files are parsed and chunked in worker
 * threads; a worker that passes its time or memory limit, or dies, is ended and replaced, and only
 * the file it held fails, with a code saying why.
 */
describe("parse pool", () => {
  const pools: ParsePool[] = [];
  const pool = (options: Partial<ParsePoolOptions> = {}) => {
    const created = new ParsePool(options);
    pools.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((created) => created.close()));
  });

  it("parses and chunks in a worker exactly as on the main thread", async () => {
    const parsed = await pool().parse(job(FAQ));
    expect(parsed.format).toBe("markdown");
    expect(parsed.text).toBe(FAQ);
    expect(parsed.chunks).toEqual(chunkText(FAQ, job(FAQ).strategy));
    const big = Array.from(
      { length: 400 },
      (_, i) => `Paragraph ${i}: the bikes are shipped in ${i} days.`,
    ).join("\n\n");
    expect((await pool().parse(job(big, "big.txt"))).chunks).toEqual(chunkText(big, job(big).strategy));
    // A document the reader refuses fails with the reader's code.
    expect(
      await outcome(pool().parse(job(`${"[".repeat(100_000)}${"]".repeat(100_000)}`, "deep.json"))),
    ).toBe("too_complex");
  });

  it("ends a worker that passes the time limit, fails only its file, and parses the next with a new worker", async () => {
    const parser = pool({ entry: MISBEHAVING, timeoutMs: 5000 }); // only the stuck file can reach it
    expect(await outcome(parser.parse(job(FAQ)))).toEqual([FAQ]);
    const stuck = parser.parse(job("HANG"));
    const queued = parser.parse(job(FAQ)); // waits for the one worker
    expect(await outcome(stuck)).toBe("parse_timeout");
    expect(await outcome(queued)).toEqual([FAQ]);
  });

  it("ends a worker that runs out of memory, and one that dies, failing only their files", async () => {
    const small = pool({ memoryMb: 32 });
    expect(await outcome(small.parse(job(FAQ)))).toEqual([FAQ]);
    expect(await outcome(small.parse(job("word ".repeat(2_000_000), "big.txt")))).toBe("parse_out_of_memory");
    expect(await outcome(small.parse(job(FAQ)))).toEqual([FAQ]);

    const dying = pool({ entry: MISBEHAVING });
    expect(await outcome(dying.parse(job("EXIT")))).toBe("parse_crashed");
    expect(await outcome(dying.parse(job(FAQ)))).toEqual([FAQ]);
  });

  it("runs `started` just before a worker takes the file, and leaves the event loop free while it parses", async () => {
    const gate = join(mkdtempSync(join(tmpdir(), "parley-parse-gate-")), "open");
    const parser = pool({ entry: MISBEHAVING });
    const order: string[] = [];
    const parsing = parser.parse(job(`GATE ${gate}\n\n${FAQ}`), {
      started: async () => {
        order.push("started");
      },
    });
    const waiting = parser.parse(job(FAQ), {
      started: async () => {
        order.push("second started");
      },
    });
    // Timers on this thread find the worker holding its thread, and the file still unanswered.
    let answered = false;
    void parsing.then(() => {
      answered = true;
    });
    await until(() => existsSync(`${gate}.held`));
    order.push("timers ran while the worker was held");
    expect(answered).toBe(false);
    writeFileSync(gate, "");
    expect((await parsing).text).toBe(`GATE ${gate}\n\n${FAQ}`);
    await waiting;
    expect(order).toEqual(["started", "timers ran while the worker was held", "second started"]);
  });

  it("on close fails the file under way and those waiting as not judged, and takes no more", async () => {
    const parser = pool({ entry: MISBEHAVING });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stuck = outcome(parser.parse(job("HANG"), { started: async () => started() }));
    const waiting = outcome(parser.parse(job(FAQ)));
    await running;
    await parser.close();
    expect(await stuck).toBe("ParsePoolClosedError");
    expect(await waiting).toBe("ParsePoolClosedError");
    await expect(parser.parse(job(FAQ))).rejects.toBeInstanceOf(ParsePoolClosedError);
  });
});

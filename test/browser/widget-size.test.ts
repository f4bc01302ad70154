import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ensureWidgetBuilt } from "../helpers/browser.js";

describe("widget.js", () => {
  it("stays within 30 KB gzipped (the build itself fails past it too)", () => {
    ensureWidgetBuilt();
    const script = readFileSync(join(import.meta.dirname, "..", "..", "widget", "dist", "widget.js"));
    const gzipped = gzipSync(script).length;
    expect(gzipped).toBeGreaterThan(1000);
    expect(gzipped).toBeLessThanOrEqual(30 * 1024);
  });
});

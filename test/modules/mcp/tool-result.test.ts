import { describe, expect, it } from "vitest";
import {
  contentText,
  limited,
  MAX_RESULT_BYTES,
  resultForModel,
} from "../../../src/modules/mcp/tool-result.js";

describe("an MCP result as the model reads it", () => {
  it("structuredContent wins over the content parts", () => {
    expect(
      resultForModel({ content: [{ type: "text", text: "{}" }], structuredContent: { order: 1 } }),
    ).toEqual({ order: 1 });
  });

  it("text parts are joined; images, audio, resources and links are summarised", () => {
    const text = contentText([
      { type: "text", text: "first" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "audio", data: "AAAAAAAA", mimeType: "audio/wav" },
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "inside" } },
      { type: "resource", resource: { uri: "file:///b.bin", blob: "AAAA" } },
      { type: "resource_link", uri: "https://x.example/doc", name: "doc", description: "the manual" },
      { type: "video" },
    ]);
    expect(text).toBe(
      [
        "first",
        "[image: image/png, 3 bytes, not shown]",
        "[audio: audio/wav, 6 bytes, not shown]",
        "[resource file:///a.txt (text/plain)]\ninside",
        "[resource file:///b.bin] 3 bytes of binary content, not shown",
        "[resource link: doc https://x.example/doc — the manual]",
        "[video content, not shown]",
      ].join("\n\n"),
    );
  });

  it("past the limit, text is cut on a character boundary with a note", () => {
    expect(limited("short")).toBe("short");
    const text = `${"a".repeat(MAX_RESULT_BYTES - 1)}жжж`;
    const cut = limited(text);
    expect(cut.startsWith("a".repeat(MAX_RESULT_BYTES - 1))).toBe(true);
    expect(cut).not.toContain("\uFFFD");
    expect(cut).toContain(
      `[truncated: the result was ${Buffer.byteLength(text)} bytes; only the first ${MAX_RESULT_BYTES - 1} are shown]`,
    );
  });

  it("a structured result past the limit reaches the model as its cut JSON text", () => {
    const big = { rows: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `row ${i}` })) };
    const result = resultForModel({ content: [], structuredContent: big });
    expect(typeof result).toBe("string");
    expect(result as string).toMatch(/^\{"rows":\[\{"id":0,/);
    expect(result as string).toContain("[truncated: the result was");
  });
});

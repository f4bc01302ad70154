/** What the model is given of one result at most (UTF-8 bytes); the rest is cut with a note. */
export const MAX_RESULT_BYTES = 16 * 1024;

/** The parts of an MCP `CallToolResult` this module reads (the SDK's type, loosely). */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * The result of a call as the model reads it (docs/mcp.md, "What the model gets"): `structuredContent`
 * when the server gave it, otherwise the text contents joined by blank lines, with images,
 * audio and resources summarised in a line each. Past MAX_RESULT_BYTES the text is cut and a
 * note says so (a structured result then reaches the model as its cut JSON text).
 */
export function resultForModel(result: McpCallResult): unknown {
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    const json = JSON.stringify(result.structuredContent);
    return Buffer.byteLength(json) <= MAX_RESULT_BYTES ? result.structuredContent : limited(json);
  }
  return limited(contentText(result.content ?? []));
}

/** The text of a result's content, each part as a piece of text or a one-line summary. */
export function contentText(content: unknown[]): string {
  return content
    .map(partText)
    .filter((text) => text !== "")
    .join("\n\n");
}

function partText(part: unknown): string {
  if (typeof part !== "object" || part === null) return "";
  const p = part as Record<string, unknown>;
  switch (p.type) {
    case "text":
      return typeof p.text === "string" ? p.text : "";
    case "image":
    case "audio":
      return `[${p.type}: ${String(p.mimeType ?? "unknown type")}, ${approximateBytes(p.data)} bytes, not shown]`;
    case "resource": {
      const resource = (p.resource ?? {}) as Record<string, unknown>;
      const label = `[resource ${String(resource.uri ?? "")}${resource.mimeType ? ` (${String(resource.mimeType)})` : ""}]`;
      if (typeof resource.text === "string") return `${label}\n${resource.text}`;
      return `${label} ${approximateBytes(resource.blob)} bytes of binary content, not shown`;
    }
    case "resource_link":
      return `[resource link: ${String(p.name ?? "")} ${String(p.uri ?? "")}${p.description ? ` — ${String(p.description)}` : ""}]`;
    default:
      return `[${String(p.type ?? "unknown")} content, not shown]`;
  }
}

/** Bytes of base64 data, roughly (what the server sent, not what it encodes). */
function approximateBytes(data: unknown): number {
  return typeof data === "string" ? Math.floor((data.length * 3) / 4) : 0;
}

/** The text as it is, or its first MAX_RESULT_BYTES bytes (whole characters) and a note. */
export function limited(text: string, maxBytes = MAX_RESULT_BYTES): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  // Drop a character cut in half at the end (TextDecoder would show it as U+FFFD).
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  const head = bytes.subarray(0, end).toString("utf8");
  return `${head}\n[truncated: the result was ${bytes.length} bytes; only the first ${end} are shown]`;
}

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { mcpInputSchema } from "../../../src/modules/mcp/input-schema.js";
import { listAllTools, MAX_TOOLS_PER_SERVER } from "../../../src/modules/mcp/mcp-connect.js";

/** A low-level SDK server listing `count` tools, `pageSize` per page (cursor = the next index). */
async function pagedClient(count: number, pageSize: number, endless = false) {
  const server = new Server({ name: "paged", version: "1.0.0" }, { capabilities: { tools: {} } });
  const cursors: Array<string | undefined> = [];
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    cursors.push(request.params?.cursor);
    const from = Number(request.params?.cursor ?? 0);
    const tools = Array.from({ length: Math.min(pageSize, count - from) }, (_, i) => ({
      name: `tool_${from + i}`,
      inputSchema: { type: "object" as const, properties: {} },
    }));
    const next = from + pageSize;
    return { tools, ...(endless || next < count ? { nextCursor: String(endless ? 0 : next) } : {}) };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return { client, cursors };
}

describe("listing a server's tools", () => {
  it("follows nextCursor through every page", async () => {
    const { client, cursors } = await pagedClient(7, 3);
    const tools = await listAllTools(client, 5000);
    expect(tools.map((t) => t.name)).toEqual(Array.from({ length: 7 }, (_, i) => `tool_${i}`));
    expect(cursors).toEqual([undefined, "3", "6"]);
    await client.close();
  });

  it("refuses a list longer than the limit and a cursor that never ends", async () => {
    const long = await pagedClient(MAX_TOOLS_PER_SERVER + 10, 100);
    await expect(listAllTools(long.client, 5000)).rejects.toThrow(`more than ${MAX_TOOLS_PER_SERVER} tools`);
    const endless = await pagedClient(1, 1, true);
    await expect(listAllTools(endless.client, 5000)).rejects.toThrow("past 50 pages");
    await long.client.close();
    await endless.client.close();
  });
});

describe("an MCP tool's input schema", () => {
  it("is the server's JSON Schema, validated with Ajv (2020-12 keywords too)", async () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        ids: { type: "array", items: { type: "integer" }, minItems: 1 },
        note: { type: "string" },
      },
      required: ["ids"],
      additionalProperties: false,
      "x-vendor": true,
    };
    const flexible = asSchema(mcpInputSchema(schema));
    expect(await flexible.jsonSchema).toEqual(schema);
    expect(await flexible.validate!({ ids: [1, 2] })).toEqual({ success: true, value: { ids: [1, 2] } });
    for (const bad of [{ ids: [] }, { ids: ["x"] }, { ids: [1], extra: 1 }, {}]) {
      const result = await flexible.validate!(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("a schema Ajv cannot compile refuses every call with the reason", async () => {
    const flexible = asSchema(
      mcpInputSchema({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } }),
    );
    const result = await flexible.validate!({ a: 1 });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain("not valid JSON Schema");
  });
});

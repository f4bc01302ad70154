import { asSchema } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import type { Mcp } from "../../../src/modules/mcp/compose.js";
import { MAX_RESULT_BYTES } from "../../../src/modules/mcp/tool-result.js";
import { ToolRefusal } from "../../../src/tools/tool-refusal.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { FakeMcpServer, LARGE_TEXT_BYTES } from "./fake-mcp-server.js";
import { mcpBeside, type recordingLog, runTool, testSecrets, toolContext } from "./mcp-fixtures.js";

const TOKEN = "mcp-secret-token-0123456789";

describe("the MCP tool provider", () => {
  let t: TestApp | undefined;
  let fake: FakeMcpServer | undefined;
  let stack: { mcp: Mcp; log: ReturnType<typeof recordingLog> } | undefined;
  afterEach(async () => {
    await stack?.mcp.close();
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
    stack = undefined;
  });

  async function setUp(
    server: Record<string, unknown> = {},
    options: { clock?: ManualClock; toolsTtlMs?: number } = {},
  ) {
    fake = await FakeMcpServer.start({ token: TOKEN });
    const secrets = testSecrets();
    t = await createTestApp({ env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" }, secrets });
    const created = await t.call("POST", "/v1/mcp-servers", {
      body: { name: "shop", url: fake.url, auth: { bearer_token: TOKEN }, ...server },
    });
    expect(created.statusCode).toBe(200);
    stack = mcpBeside(t, secrets, {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.toolsTtlMs !== undefined ? { toolsTtlMs: options.toolsTtlMs } : {}),
    });
    return { t, fake, mcp: stack.mcp, log: stack.log, server: created.json() as { id: string } };
  }

  async function tool(mcp: Mcp, projectId: string, name: string) {
    const found = (await mcp.tools.tools(projectId)).find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no tool ${name}`);
    return found;
  }

  it("offers each stored tool as mcp:<server>:<tool> with the server's schema and source", async () => {
    const { t, mcp, server } = await setUp();
    const tools = await mcp.tools.tools(t.projectId);
    expect(tools.map((x) => x.name).sort()).toEqual(
      ["echo", "fail", "get_order", "large", "picture", "slow", "whoami"].map((n) => `mcp:shop:${n}`),
    );
    const getOrder = tools.find((x) => x.name === "mcp:shop:get_order")!;
    expect(getOrder.description).toBe("shop (MCP server): Looks up an order of the shop by its number.");
    expect(getOrder.source).toEqual({ kind: "mcp", server_id: server.id, server: "shop" });
    const json = (await asSchema(getOrder.inputSchema).jsonSchema) as Record<string, unknown>;
    expect(json).toMatchObject({ type: "object", required: ["order_id"] });
    expect(await mcp.tools.knownNames!(t.projectId)).toContain("mcp:shop:get_order");
  });

  it("validates arguments with the server's JSON Schema before calling", async () => {
    const { t, mcp, fake } = await setUp();
    const getOrder = await tool(mcp, t.projectId, "mcp:shop:get_order");
    const validate = asSchema(getOrder.inputSchema).validate!;
    expect(await validate({ order_id: "1234" })).toEqual({ success: true, value: { order_id: "1234" } });
    const wrongType = await validate({ order_id: 1234 });
    expect(wrongType.success).toBe(false);
    const missing = await validate({});
    expect(missing.success).toBe(false);
    if (!missing.success) expect(missing.error.message).toContain("order_id");
    await expect(runTool(getOrder, { order_id: "abc" }, toolContext(t.projectId))).rejects.toThrow(
      /invalid arguments/,
    );
    expect(fake.calls).toEqual([]);
  });

  it("a call returns structuredContent when the server gives it, and is logged without secrets", async () => {
    const { t, mcp, fake, log, server } = await setUp();
    const getOrder = await tool(mcp, t.projectId, "mcp:shop:get_order");
    const result = await runTool(getOrder, { order_id: "1234" }, toolContext(t.projectId, "thr_a"));
    expect(result).toEqual({ order_id: "1234", status: "shipped", total: 1490.5 });
    expect(fake.calls).toEqual([{ tool: "get_order", args: { order_id: "1234" } }]);
    const line = log.lines.find((l) => l.message === "MCP tool call");
    expect(line?.details).toMatchObject({
      mcp_server_id: server.id,
      mcp_server: "shop",
      tool: "get_order",
      project_id: t.projectId,
      thread_id: "thr_a",
      outcome: "ok",
      duration_ms: expect.any(Number),
    });
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
  });

  it("text results are joined, other content summarised, large ones cut with a note", async () => {
    const { t, mcp } = await setUp();
    const context = toolContext(t.projectId);
    expect(await runTool(await tool(mcp, t.projectId, "mcp:shop:echo"), { text: "hi" }, context)).toBe(
      "echo: hi",
    );
    const picture = await runTool(await tool(mcp, t.projectId, "mcp:shop:picture"), {}, context);
    expect(picture).toBe("Here is the parcel:\n\n[image: image/png, 300 bytes, not shown]");
    const large = (await runTool(await tool(mcp, t.projectId, "mcp:shop:large"), {}, context)) as string;
    expect(Buffer.byteLength(large)).toBeLessThan(MAX_RESULT_BYTES + 200);
    expect(large).toContain(
      `[truncated: the result was ${LARGE_TEXT_BYTES} bytes; only the first ${MAX_RESULT_BYTES}`,
    );
  });

  it("the bearer token reaches the server on every request", async () => {
    const { t, mcp, fake } = await setUp();
    const whoami = await tool(mcp, t.projectId, "mcp:shop:whoami");
    expect(await runTool(whoami, {}, toolContext(t.projectId))).toBe("client parley-test");
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("isError reaches the model as a ToolRefusal with the server's text", async () => {
    const { t, mcp, log } = await setUp();
    const fail = await tool(mcp, t.projectId, "mcp:shop:fail");
    const error = await runTool(fail, {}, toolContext(t.projectId)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolRefusal);
    expect((error as Error).message).toBe("The MCP tool fail failed: the order system is down");
    expect(log.lines.find((l) => l.message === "MCP tool call")?.details.outcome).toBe("tool_error");
  });

  it("a call slower than timeout_ms is refused as a timeout", async () => {
    const { t, mcp, log } = await setUp({ timeout_ms: 1000 });
    const slow = await tool(mcp, t.projectId, "mcp:shop:slow");
    const error = await runTool(slow, { ms: 3000 }, toolContext(t.projectId)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolRefusal);
    expect((error as Error).message).toContain("did not answer within 1000 ms");
    expect(log.lines.find((l) => l.message === "MCP tool call")?.details.outcome).toBe("failed");
    // The connection is still good for the next call.
    expect(
      await runTool(await tool(mcp, t.projectId, "mcp:shop:echo"), { text: "x" }, toolContext(t.projectId)),
    ).toBe("echo: x");
  });

  it("a server that is down is a refusal the model reads, not a failed call", async () => {
    const { t, mcp, fake } = await setUp();
    const echo = await tool(mcp, t.projectId, "mcp:shop:echo");
    await fake.close();
    const error = await runTool(echo, { text: "x" }, toolContext(t.projectId)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolRefusal);
    expect((error as Error).message).toBe(
      "The MCP server shop could not be reached; the tool was not called.",
    );
  });

  it("a session the server forgot is replaced and the call goes through once", async () => {
    const { t, mcp, fake } = await setUp();
    const echo = await tool(mcp, t.projectId, "mcp:shop:echo");
    expect(await runTool(echo, { text: "one" }, toolContext(t.projectId))).toBe("echo: one");
    const initializations = () =>
      fake.requests.filter((r) => r.method === "POST" && r.headers["mcp-session-id"] === undefined).length;
    const before = initializations();
    await fake.forgetSessions();
    expect(await runTool(echo, { text: "two" }, toolContext(t.projectId))).toBe("echo: two");
    expect(fake.calls.map((c) => c.args)).toEqual([{ text: "one" }, { text: "two" }]);
    expect(initializations()).toBe(before + 1);
  });

  it("a disabled server offers no tools but its names stay known; a call on it is refused", async () => {
    const { t, mcp, server, fake } = await setUp();
    const echo = await tool(mcp, t.projectId, "mcp:shop:echo");
    await t.call("POST", `/v1/mcp-servers/${server.id}`, { body: { status: "disabled" } });
    expect(await mcp.tools.tools(t.projectId)).toEqual([]);
    expect(await mcp.tools.knownNames!(t.projectId)).toContain("mcp:shop:echo");
    await expect(runTool(echo, { text: "x" }, toolContext(t.projectId))).rejects.toThrow(
      /not connected any more/,
    );
    expect(fake.calls).toEqual([]);
  });

  it("another project sees none of the tools and cannot call them", async () => {
    const { t, mcp, fake } = await setUp();
    const other = await t.otherProject();
    expect(await mcp.tools.tools(other.projectId)).toEqual([]);
    expect(await mcp.tools.knownNames!(other.projectId)).toEqual([]);
    const echo = await tool(mcp, t.projectId, "mcp:shop:echo");
    await expect(runTool(echo, { text: "x" }, toolContext(other.projectId))).rejects.toThrow(ToolRefusal);
    expect(fake.calls).toEqual([]);
  });

  it("the older SSE transport, chosen or found by auto", async () => {
    const { t, mcp, fake } = await setUp();
    for (const [name, transport] of [
      ["legacy", "sse"],
      ["found", "auto"],
    ]) {
      const created = await t.call("POST", "/v1/mcp-servers", {
        body: { name, url: fake.sseUrl, transport, auth: { bearer_token: TOKEN } },
      });
      expect(created.json().connection).toMatchObject({ status: "connected", transport: "sse" });
    }
    const context = toolContext(t.projectId);
    expect(await runTool(await tool(mcp, t.projectId, "mcp:legacy:echo"), { text: "old" }, context)).toBe(
      "echo: old",
    );
    expect(await runTool(await tool(mcp, t.projectId, "mcp:found:whoami"), {}, context)).toBe(
      "client parley-test",
    );
    expect(fake.requests.some((r) => r.method === "GET" && r.path === "/sse")).toBe(true);
  });

  it("stored tools older than the TTL are listed again in the background on use", async () => {
    const clock = new ManualClock(new Date().toISOString());
    const { t, mcp, server, fake } = await setUp({}, { clock, toolsTtlMs: 60_000 });
    const listings = () => fake.requests.filter((r) => r.method === "POST").length;
    await mcp.tools.tools(t.projectId);
    await mcp.settled();
    const before = listings();
    clock.advance(61_000);
    await mcp.tools.tools(t.projectId);
    await mcp.tools.tools(t.projectId);
    await mcp.settled();
    expect(listings()).toBeGreaterThan(before);
    const after = (await t.call("GET", `/v1/mcp-servers/${server.id}`)).json();
    expect(after.tools_refreshed_at).toBe(clock.now().toISOString());
    // Within the TTL again: no further listing.
    const settledCount = listings();
    await mcp.tools.tools(t.projectId);
    await mcp.settled();
    expect(listings()).toBe(settledCount);
  });
});

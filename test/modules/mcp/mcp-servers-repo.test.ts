import { afterEach, describe, expect, it } from "vitest";
import type { Storage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { createRepos, type Repos } from "../../../src/storage/repos/index.js";
import type { McpServerRow } from "../../../src/storage/repos/mcp-servers.repo.js";
import { DIALECTS, openTestStorage, shouldSkip, type TestDialect } from "../../helpers/dialects.js";

const T0 = "2026-11-21T10:00:00.000Z";
const T1 = "2026-11-21T10:05:00.000Z";
const T2 = "2026-11-21T10:20:00.000Z";

function server(overrides: Partial<McpServerRow> = {}): McpServerRow {
  return {
    id: "mcp_1",
    project_id: "prj_1",
    name: "shop",
    url: "https://mcp.example.com/mcp",
    transport: "auto",
    auth: null,
    auth_summary: null,
    status: "active",
    timeout_ms: 15000,
    tools: "[]",
    tools_refreshed_at: null,
    connection_status: "unknown",
    connection_error: null,
    connection_transport: null,
    connection_checked_at: null,
    refresh_started_at: null,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

describe.each(DIALECTS)("the MCP servers repository on %s", (dialect: TestDialect) => {
  const it_ = it.skipIf(shouldSkip(dialect));
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    storage = undefined;
  });

  async function repos(): Promise<Repos> {
    storage = await openTestStorage(dialect);
    await migrateToLatest(storage);
    const r = createRepos(storage.db);
    await r.organizations.insert({ id: "org_1", name: "Acme", created_at: T0 });
    for (const id of ["prj_1", "prj_2"]) {
      await r.projects.insert({ id, organization_id: "org_1", name: id, avatar_url: null, created_at: T0 });
    }
    return r;
  }

  it_("names are unique per project; rows round-trip", async () => {
    const r = await repos();
    expect(await r.mcpServers.insert(server())).toBe(true);
    expect(await r.mcpServers.insert(server({ id: "mcp_2" }))).toBe(false);
    expect(await r.mcpServers.insert(server({ id: "mcp_3", project_id: "prj_2" }))).toBe(true);
    expect(await r.mcpServers.find("mcp_1")).toEqual(server());
    expect(await r.mcpServers.countByProject("prj_1")).toBe(1);
    expect(await r.mcpServers.insert(server({ id: "mcp_4", name: "crm", created_at: T1 }))).toBe(true);
    expect(await r.mcpServers.update("mcp_4", { name: "shop" })).toBe(false);
    expect((await r.mcpServers.listByProject("prj_1")).map((row) => row.id)).toEqual(["mcp_1", "mcp_4"]);
  });

  it_("a listing is claimed once per interval", async () => {
    const r = await repos();
    await r.mcpServers.insert(server());
    expect(await r.mcpServers.claimRefresh("mcp_1", T0, T1)).toBe(true);
    // Another process, within the interval: someone is listing already.
    expect(await r.mcpServers.claimRefresh("mcp_1", T0, T1)).toBe(false);
    // Past the interval (started before the cutoff): claimable again.
    expect(await r.mcpServers.claimRefresh("mcp_1", "2026-11-21T10:10:00.000Z", T2)).toBe(true);
    expect((await r.mcpServers.find("mcp_1"))!.refresh_started_at).toBe(T2);
  });

  it_("a listing is stored only while the server is unchanged; a failure keeps the tools", async () => {
    const r = await repos();
    await r.mcpServers.insert(server());
    const tools = JSON.stringify([
      { name: "echo", title: null, description: "", input_schema: { type: "object" } },
    ]);
    expect(await r.mcpServers.recordListing("mcp_1", T0, { ok: true, tools, transport: "sse", at: T1 })).toBe(
      true,
    );
    expect(await r.mcpServers.find("mcp_1")).toMatchObject({
      tools,
      tools_refreshed_at: T1,
      connection_status: "connected",
      connection_transport: "sse",
      connection_checked_at: T1,
    });
    expect(await r.mcpServers.recordListing("mcp_1", T0, { ok: false, error: "HTTP 500", at: T2 })).toBe(
      true,
    );
    expect(await r.mcpServers.find("mcp_1")).toMatchObject({
      tools,
      tools_refreshed_at: T1,
      connection_status: "failed",
      connection_error: "HTTP 500",
      connection_transport: "sse",
      connection_checked_at: T2,
    });
    await r.mcpServers.update("mcp_1", { url: "https://other.example.com/mcp", updated_at: T1 });
    // A listing started before the change is not stored.
    expect(
      await r.mcpServers.recordListing("mcp_1", T0, { ok: true, tools: "[]", transport: "sse", at: T2 }),
    ).toBe(false);
    expect((await r.mcpServers.find("mcp_1"))!.tools).toBe(tools);
  });

  it_("a server goes with its project", async () => {
    const r = await repos();
    await r.mcpServers.insert(server({ project_id: "prj_2" }));
    await storage!.db.deleteFrom("projects").where("id", "=", "prj_2").execute();
    expect(await r.mcpServers.find("mcp_1")).toBeUndefined();
  });
});

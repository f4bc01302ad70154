import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { createRepos, type Repos } from "../../src/storage/repos/index.js";
import type { IntegrationRow } from "../../src/storage/repos/integrations.repo.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../helpers/dialects.js";

const T0 = "2026-11-21T10:00:00.123Z";
const T1 = "2026-11-21T10:00:01.456Z";

function integration(id: string, vendor: IntegrationRow["vendor"] = "amocrm"): IntegrationRow {
  return {
    id,
    project_id: "prj_1",
    name: id,
    vendor,
    status: "active",
    auth_data: "sealed",
    settings: "{}",
    connector_state: null,
    connection_status: "connected",
    connection_error: null,
    connection_checked_at: null,
    created_at: T0,
    updated_at: T0,
  };
}

/**
 * Hook keys (migration 0018; docs/channels.md, "amoCRM"): the key a vendor's server-wide webhook
 * URL names an integration by, one integration per key, gone with the integration.
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`integration hook keys on ${dialect}`, () => {
    let storage: Storage;
    let repos: Repos;

    beforeEach(async () => {
      storage = await openTestStorage(dialect);
      await migrateToLatest(storage);
      repos = createRepos(storage.db);
      await repos.organizations.insert({ id: "org_1", name: "Acme", created_at: T0 });
      await repos.projects.insert({
        id: "prj_1",
        organization_id: "org_1",
        name: "Support",
        avatar_url: null,
        created_at: T0,
      });
      await repos.integrations.insert(integration("int_a"));
      await repos.integrations.insert(integration("int_b"));
    });

    afterEach(async () => {
      await storage?.close();
    });

    it("finds the integration by its vendor and key, and by nothing else", async () => {
      await repos.integrations.claimHookKey("amocrm", "chan_acct1", "int_a", T0);
      expect((await repos.integrations.findByHookKey("amocrm", "chan_acct1"))?.id).toBe("int_a");
      expect(await repos.integrations.findByHookKey("amocrm", "chan_acct2")).toBeUndefined();
      expect(await repos.integrations.findByHookKey("bitrix24", "chan_acct1")).toBeUndefined();
    });

    it("claiming again is idempotent; another integration claiming the key takes it over", async () => {
      await repos.integrations.claimHookKey("amocrm", "chan_acct1", "int_a", T0);
      await repos.integrations.claimHookKey("amocrm", "chan_acct1", "int_a", T0);
      await repos.integrations.claimHookKey("amocrm", "chan_acct1", "int_b", T1);
      expect((await repos.integrations.findByHookKey("amocrm", "chan_acct1"))?.id).toBe("int_b");
      const rows = await storage.db.selectFrom("integration_hook_keys").selectAll().execute();
      expect(rows.map((row) => [row.hook_key, row.integration_id])).toEqual([["chan_acct1", "int_b"]]);
    });

    it("a key goes with its integration", async () => {
      await repos.integrations.claimHookKey("amocrm", "chan_acct1", "int_a", T0);
      await repos.integrations.delete("int_a");
      expect(await repos.integrations.findByHookKey("amocrm", "chan_acct1")).toBeUndefined();
      expect(await storage.db.selectFrom("integration_hook_keys").selectAll().execute()).toEqual([]);
    });

    it("refuses a key for an integration that does not exist", async () => {
      await expect(repos.integrations.claimHookKey("amocrm", "k", "int_missing", T0)).rejects.toThrow();
    });
  });
}

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Transactor } from "../../../../src/events/unit-of-work.js";
import type { AuthContext } from "../../../../src/infra/auth-context.js";
import { newId } from "../../../../src/infra/ids.js";
import { createSecretBox } from "../../../../src/infra/secret-box.js";
import { JobQueue } from "../../../../src/job-queue/job-queue.js";
import { OAuthService } from "../../../../src/modules/integrations/oauth/oauth-service.js";
import { OAuthTokens } from "../../../../src/modules/integrations/oauth/oauth-tokens.js";
import { oauthProtocols } from "../../../../src/modules/integrations/oauth/protocols.js";
import { bootstrap } from "../../../../src/modules/projects/bootstrap.js";
import { openStorage, type Storage } from "../../../../src/storage/database.js";
import { migrateToLatest } from "../../../../src/storage/migrator.js";
import { createRepos } from "../../../../src/storage/repos/index.js";
import type { IntegrationRow } from "../../../../src/storage/repos/integrations.repo.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../../helpers/dialects.js";
import { ManualClock } from "../../../helpers/manual-clock.js";
import { TEST_DATABASE_URL } from "../../../helpers/postgres.js";
import { testConfig } from "../../../helpers/test-config.js";
import { BITRIX24_MEMBER_ID, OAuthVendorsFake } from "./fakes/oauth-vendors-fake.js";
import { PUBLIC_URL } from "./oauth-helpers.js";

/** Two handles on one database, as two Parley processes have. */
async function sharedDatabase(
  dialect: TestDialect,
): Promise<{ a: Storage; b: Storage; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "parley-oauth-"));
    const path = join(dir, "parley.db");
    const a = openStorage({ sqlitePath: path });
    const b = openStorage({ sqlitePath: path });
    return {
      a,
      b,
      async drop() {
        await a.close();
        await b.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `parley_oauth_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const a = openStorage({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, pgPoolSize: 4 });
  const b = openStorage({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, pgPoolSize: 4 });
  return {
    a,
    b,
    async drop() {
      await a.close();
      await b.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/**
 * Bitrix24 kills the old pair on every refresh (docs/oauth.md, "Staying connected"): two
 * processes (two database handles, two OAuthTokens) and concurrent callers in one process must
 * make exactly one refresh call, all get the new token, and the stored pair must be the live one.
 */
function concurrencySuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`concurrent OAuth refresh on Bitrix24 (${dialect})`, () => {
    let fake: OAuthVendorsFake;
    let db: Awaited<ReturnType<typeof sharedDatabase>>;
    let row: IntegrationRow;
    let processA: OAuthTokens;
    let processB: OAuthTokens;
    const lost: string[] = [];
    const clock = new ManualClock();
    const secrets = createSecretBox(randomBytes(32));

    beforeAll(async () => {
      fake = await OAuthVendorsFake.start();
      fake.refreshDelayMs = 300;
      db = await sharedDatabase(dialect);
      await migrateToLatest(db.a);
      const boot = await bootstrap(db.a, {
        clock,
        newId,
        bootstrapKey: undefined,
        admin: { email: "a@b.c", password: undefined },
      });
      if (!boot.created) throw new Error("the test database was not empty");
      const config = testConfig({ ...fake.env, PARLEY_PUBLIC_URL: PUBLIC_URL }).oauth;
      const protocols = oauthProtocols(config);
      const processOf = (storage: Storage, owner: string) => {
        const repos = createRepos(storage.db);
        const transactor = new Transactor({ repos, jobs: new JobQueue({ clock, newId }), listeners: [] });
        const tokens = new OAuthTokens({
          repos,
          transactor,
          secrets,
          clock,
          protocols,
          config,
          owner,
          authLost: async (_row, reason) => {
            lost.push(reason);
          },
          log: { warn() {} },
          pollMs: 20,
        });
        return { repos, transactor, tokens };
      };
      const a = processOf(db.a, "process-a");
      processA = a.tokens;
      processB = processOf(db.b, "process-b").tokens;

      const now = clock.now().toISOString();
      row = {
        id: newId("int"),
        project_id: boot.projectId,
        name: "Acme portal",
        vendor: "bitrix24",
        status: "active",
        auth_data: secrets.seal(
          JSON.stringify({
            portal: "acme.bitrix24.ru",
            client_id: fake.apps.bitrix24.clientId,
            client_secret: fake.apps.bitrix24.clientSecret,
          }),
        ),
        settings: "{}",
        connector_state: null,
        connection_status: null,
        connection_error: null,
        connection_checked_at: null,
        created_at: now,
        updated_at: now,
      };
      await a.repos.integrations.insert(row);
      const service = new OAuthService({
        repos: a.repos,
        transactor: a.transactor,
        secrets,
        clock,
        protocols,
        config,
        tokens: a.tokens,
        log: { warn() {}, info() {} },
      });
      const auth: AuthContext = {
        keyId: "key_test",
        projectId: boot.projectId,
        organizationId: boot.organizationId,
        role: "admin",
      };
      const { url } = await service.start(auth, row.id);
      const back = await fake.consent(url);
      const outcome = await service.callback(Object.fromEntries(back.searchParams));
      expect(outcome.status).toBe(200);
    });

    afterAll(async () => {
      await db?.drop();
      await fake?.close();
    });

    const stored = () => createRepos(db.a.db).oauth.findTokens(row.id);

    /** Moves the clock to 30 s before the stored token expires. */
    async function nearExpiry(): Promise<void> {
      const expiresAt = Date.parse((await stored())?.expires_at ?? "");
      clock.advance(expiresAt - 30_000 - clock.now().getTime());
    }

    it("the account reads as the token exchange named it", async () => {
      const access = await processA.access(row);
      expect(access.account).toEqual({
        member_id: BITRIX24_MEMBER_ID,
        domain: new URL(fake.baseUrl).host,
        user_id: "1",
      });
      expect(access.apiBase).toBe(`${fake.baseUrl}/bitrix24/portal/rest`);
    });

    it("two processes needing a refresh at once make one refresh call and both get the new live token", async () => {
      await nearExpiry();
      const before = fake.refreshCount("bitrix24");
      const [fromA, fromB] = await Promise.all([processA.access(row), processB.access(row)]);
      expect(fake.refreshCount("bitrix24")).toBe(before + 1);
      expect(fromA.accessToken).toBe(fromB.accessToken);
      expect(fake.accepts(fromA.accessToken)).toBe(true);
      const row2 = await stored();
      expect(row2).toMatchObject({ version: 2, lost_reason: null, refresh_lease_owner: null });
      expect(lost).toEqual([]);
    });

    it("concurrent callers in one process and another process share one refresh; the pair stays usable", async () => {
      await nearExpiry();
      const before = fake.refreshCount("bitrix24");
      const results = await Promise.all([
        processA.access(row),
        processA.access(row),
        processB.access(row),
        processB.access(row),
      ]);
      expect(fake.refreshCount("bitrix24")).toBe(before + 1);
      expect(new Set(results.map((r) => r.accessToken)).size).toBe(1);
      // The stored refresh token is the live one: the next refresh succeeds.
      await nearExpiry();
      const next = await processB.access(row);
      expect(fake.refreshCount("bitrix24")).toBe(before + 2);
      expect(fake.accepts(next.accessToken)).toBe(true);
      expect(lost).toEqual([]);
    });

    it("a token the portal refused as expired is refreshed at once, by one process, if it is still the stored one", async () => {
      const current = await processA.access(row);
      const before = fake.refreshCount("bitrix24");
      // Both processes saw the same token refused: one refresh, both get the new token.
      const [fromA, fromB] = await Promise.all([
        processA.access(row, { rejected: current.accessToken }),
        processB.access(row, { rejected: current.accessToken }),
      ]);
      expect(fake.refreshCount("bitrix24")).toBe(before + 1);
      expect(fromA.accessToken).not.toBe(current.accessToken);
      expect(fromB.accessToken).toBe(fromA.accessToken);
      // A refusal of a token that was replaced meanwhile refreshes nothing.
      const again = await processB.access(row, { rejected: current.accessToken });
      expect(fake.refreshCount("bitrix24")).toBe(before + 1);
      expect(again.accessToken).toBe(fromA.accessToken);
      expect(lost).toEqual([]);
    });

    it("a refresher that died holding the lease is taken over once its lease expires", async () => {
      await nearExpiry();
      const current = await stored();
      const repos = createRepos(db.b.db);
      const until = new Date(clock.now().getTime() + 45_000).toISOString();
      expect(
        await repos.oauth.takeRefreshLease(
          row.id,
          current?.version ?? 0,
          "dead-process",
          until,
          clock.now().toISOString(),
        ),
      ).toBe(true);
      const before = fake.refreshCount("bitrix24");
      const waiting = processA.access(row);
      // The waiter keeps rereading; time passes beyond the dead holder's lease.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fake.refreshCount("bitrix24")).toBe(before);
      clock.advance(46_000);
      const access = await waiting;
      expect(fake.refreshCount("bitrix24")).toBe(before + 1);
      expect(fake.accepts(access.accessToken)).toBe(true);
      expect(await stored()).toMatchObject({
        version: (current?.version ?? 0) + 1,
        refresh_lease_owner: null,
      });
    });
  });
}

for (const dialect of DIALECTS) concurrencySuite(dialect);

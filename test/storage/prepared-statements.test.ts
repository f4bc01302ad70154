import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { preparedQuery } from "../../src/storage/prepared-query.js";
import { createRepos } from "../../src/storage/repos/index.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../helpers/dialects.js";
import { TEST_DATABASE_URL } from "../helpers/postgres.js";

const AT = "2026-11-28T10:00:00.000Z";

const projectById = preparedQuery<{ id: string }, { id: string; name: string }>((db, arg) =>
  db.selectFrom("projects").select(["id", "name"]).where("id", "=", arg("id")),
);

async function seed(storage: Storage): Promise<void> {
  const repos = createRepos(storage.db);
  await repos.organizations.insert({ id: "org_1", name: "Acme", created_at: AT });
  for (const [id, name] of [
    ["prj_1", "Support"],
    ["prj_2", "Sales"],
  ] as const) {
    await repos.projects.insert({ id, organization_id: "org_1", name, avatar_url: null, created_at: AT });
  }
}

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`preparedQuery (${dialect})`, () => {
    let storage: Storage;
    afterEach(async () => storage?.close());

    it("runs the one compiled query with each call's arguments, on the connection it is given", async () => {
      storage = await openTestStorage(dialect);
      await migrateToLatest(storage);
      await seed(storage);

      expect(await projectById.all(storage.db, { id: "prj_1" })).toEqual([{ id: "prj_1", name: "Support" }]);
      expect(await projectById.all(storage.db, { id: "prj_2" })).toEqual([{ id: "prj_2", name: "Sales" }]);
      expect(await projectById.all(storage.db, { id: "prj_none" })).toEqual([]);

      // Inside a transaction it sees the transaction's own writes; they are gone after a rollback.
      await expect(
        storage.db.transaction().execute(async (trx) => {
          await createRepos(trx).projects.insert({
            id: "prj_3",
            organization_id: "org_1",
            name: "Draft",
            avatar_url: null,
            created_at: AT,
          });
          expect(await projectById.all(trx, { id: "prj_3" })).toEqual([{ id: "prj_3", name: "Draft" }]);
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await projectById.all(storage.db, { id: "prj_3" })).toEqual([]);
    });
  });
}

describe.skipIf(shouldSkip("postgres"))("PostgreSQL named statements", () => {
  const schema = `parley_test_${randomBytes(6).toString("hex")}`;
  let storage: Storage | undefined;

  afterEach(async () => {
    await storage?.close();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it("prepares each repeated query once per connection, except on tables whose columns change", async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // One connection, so the statements it prepared can be read back on it.
    storage = openStorage({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, pgPoolSize: 1 });
    await migrateToLatest(storage);
    await seed(storage);
    const repos = createRepos(storage.db);
    expect((await repos.projects.findById("prj_1"))?.name).toBe("Support");
    expect((await repos.projects.findById("prj_2"))?.name).toBe("Sales");
    await sql`select count(*) from message_chunks`.execute(storage.db);

    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      storage.db,
    );
    const statements = prepared.rows.map((row) => row.statement);
    const projectReads = statements.filter((text) => /from "projects" where "id" = \$1/.test(text));
    expect(projectReads).toHaveLength(1);
    expect(statements.some((text) => text.includes("message_chunks"))).toBe(false);
  });

  it("survives a table's columns changing under its prepared statements (a migration by a newer process)", async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    storage = openStorage({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, pgPoolSize: 1 });
    await migrateToLatest(storage);
    await seed(storage);
    const repos = createRepos(storage.db);
    expect((await repos.projects.findById("prj_1"))?.name).toBe("Support");

    // Outside a transaction the query is prepared again and answered.
    await admin.query(`alter table ${schema}.projects add column region text`);
    expect(await repos.projects.findById("prj_1")).toMatchObject({ name: "Support", region: null });

    // Inside one, PostgreSQL has aborted the transaction: it fails whole, the next query succeeds.
    await admin.query(`alter table ${schema}.projects drop column region`);
    await expect(
      storage.db.transaction().execute(async (trx) => {
        await createRepos(trx).projects.findById("prj_1");
      }),
    ).rejects.toThrow(/cached plan must not change result type/);
    const again = await repos.projects.findById("prj_1");
    expect(again?.name).toBe("Support");
    expect(again).not.toHaveProperty("region");
    await admin.end();
  });
});

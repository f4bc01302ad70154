import type { Kysely, Selectable } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { ApiKeysTable, Database } from "../schema.js";

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** The key joined with its project's organization: everything authentication needs. */
export type ApiKeyWithOrganization = ApiKeyRow & { organization_id: string };

const liveKeysByPrefix = preparedQuery<{ prefix: string }, ApiKeyWithOrganization>((db, arg) =>
  db
    .selectFrom("api_keys")
    .innerJoin("projects", "projects.id", "api_keys.project_id")
    .selectAll("api_keys")
    .select("projects.organization_id")
    .where("api_keys.lookup_prefix", "=", arg("prefix"))
    .where("api_keys.revoked_at", "is", null),
);

export class ApiKeysRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto("api_keys").values(row).execute();
  }

  /** Live keys sharing a lookup prefix (normally one); the caller compares hashes in constant time. */
  async findLiveByPrefix(prefix: string): Promise<ApiKeyWithOrganization[]> {
    return liveKeysByPrefix.all(this.db, { prefix });
  }

  findLiveById(id: string): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
  }

  listLiveByProject(projectId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom("api_keys")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("revoked_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  async countLiveByProject(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom("api_keys")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("project_id", "=", projectId)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Which of these keys are still live (not revoked, not deleted). */
  async liveIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("api_keys")
      .select("id")
      .where("id", "in", ids)
      .where("revoked_at", "is", null)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  async revoke(id: string, at: string): Promise<void> {
    await this.db.updateTable("api_keys").set({ revoked_at: at }).where("id", "=", id).execute();
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
  }
}

import type { Kysely, Selectable } from "kysely";
import type { Database, OrganizationsTable } from "../schema.js";

export type OrganizationRow = Selectable<OrganizationsTable>;

export class OrganizationsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: OrganizationRow): Promise<void> {
    await this.db.insertInto("organizations").values(row).execute();
  }

  findById(id: string): Promise<OrganizationRow | undefined> {
    return this.db.selectFrom("organizations").selectAll().where("id", "=", id).executeTakeFirst();
  }

  list(): Promise<OrganizationRow[]> {
    return this.db.selectFrom("organizations").selectAll().orderBy("created_at").orderBy("id").execute();
  }
}

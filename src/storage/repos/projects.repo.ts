import type { Kysely, Selectable } from "kysely";
import type { Database, ProjectsTable } from "../schema.js";

export type ProjectRow = Selectable<ProjectsTable>;

export class ProjectsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ProjectRow): Promise<void> {
    await this.db.insertInto("projects").values(row).execute();
  }

  findById(id: string): Promise<ProjectRow | undefined> {
    return this.db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  }

  listByOrganization(organizationId: string): Promise<ProjectRow[]> {
    return this.db
      .selectFrom("projects")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** Whether any project exists at all: the bootstrap runs only on an empty database. */
  async any(): Promise<boolean> {
    const row = await this.db.selectFrom("projects").select("id").limit(1).executeTakeFirst();
    return row !== undefined;
  }
}

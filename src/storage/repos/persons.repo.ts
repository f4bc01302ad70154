import type { Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { PersonsTable } from "../schema-conversations.js";

export type PersonRow = Selectable<PersonsTable>;

/** What creating a person needs: its identity; the contact fields (docs/contacts.md) are optional. */
export type NewPerson = Pick<
  PersonRow,
  "id" | "project_id" | "external_id" | "name" | "avatar_url" | "channel" | "channel_user_id" | "created_at"
> &
  Partial<Pick<PersonRow, "email" | "phone" | "attributes" | "notes">>;

/** Hops followed through `merged_into`; merging keeps chains one hop long, this only bounds a bug. */
const MAX_MERGE_HOPS = 8;

export class PersonsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Several persons at once (a page of threads); unknown ids are left out. */
  findByIds(ids: string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom("persons").selectAll().where("id", "in", ids).execute();
  }

  findById(id: string): Promise<PersonRow | undefined> {
    return this.db.selectFrom("persons").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByExternalId(projectId: string, externalId: string): Promise<PersonRow | undefined> {
    return this.db
      .selectFrom("persons")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("external_id", "=", externalId)
      .where("channel", "is", null)
      .executeTakeFirst();
  }

  /** A person a vendor channel delivered: keyed by the vendor and their user id there. */
  findByChannel(projectId: string, channel: string, userId: string): Promise<PersonRow | undefined> {
    return this.db
      .selectFrom("persons")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("channel", "=", channel)
      .where("channel_user_id", "=", userId)
      .executeTakeFirst();
  }

  /**
   * Inserts the person unless one already holds its key — (project, external_id) for a person
   * the API names, (project, channel, channel_user_id) for a vendor's user — and returns the row
   * that holds it: this one (`inserted`), or the one another request stored first. On PostgreSQL
   * the insert waits for that request's transaction, so its row is there to read; nothing fails,
   * which keeps the caller's transaction usable (docs/conversations.md, "Parallel first messages").
   */
  async insertIfAbsent(person: NewPerson): Promise<{ person: PersonRow; inserted: boolean }> {
    const row: PersonRow = {
      email: null,
      phone: null,
      attributes: null,
      notes: null,
      ...person,
      merged_into: null,
      updated_at: person.created_at,
    };
    const channel = row.channel;
    // A winner deleted before it could be read frees the key: insert again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await this.db
        .insertInto("persons")
        .values(row)
        .onConflict((oc) =>
          channel === null
            ? oc.columns(["project_id", "external_id"]).doNothing()
            : oc
                .columns(["project_id", "channel", "channel_user_id"])
                .where("channel", "is not", null)
                .doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (stored) return { person: stored, inserted: true };
      const winner =
        channel === null
          ? await this.findByExternalId(row.project_id, row.external_id ?? "")
          : await this.findByChannel(row.project_id, channel, row.channel_user_id ?? "");
      if (winner) return { person: winner, inserted: false };
    }
    throw new Error("a person with this key was deleted as often as it was created");
  }

  async update(id: string, patch: { name?: string | null; avatar_url?: string | null }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable("persons").set(patch).where("id", "=", id).execute();
  }

  /**
   * The contact a person stands for: itself, or the survivor it was merged into (docs/contacts.md,
   * "Merging"), so that a merged person's external id or vendor user keeps reaching the survivor.
   * `followed` tells the caller the identity belongs to another contact now.
   */
  async resolveMerged(person: PersonRow): Promise<{ person: PersonRow; followed: boolean }> {
    let current = person;
    for (let hop = 0; hop < MAX_MERGE_HOPS && current.merged_into !== null; hop++) {
      const next = await this.findById(current.merged_into);
      if (!next) break;
      current = next;
    }
    return { person: current, followed: current.id !== person.id };
  }
}

import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";
import type { PersonRow } from "./persons.repo.js";
import type { ThreadRow } from "./threads.repo.js";

/** Contact fields an update may set (docs/contacts.md); absent keys stay. */
export interface ContactPatch {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar_url?: string | null;
  attributes?: string | null;
  notes?: string | null;
}

/** What the contact list and a contact show besides the row: counted, not stored. */
export interface ContactStats {
  thread_count: number;
  last_seen_at: string | null;
}

/** A vendor or API identity that reaches a contact: its own, or a person merged into it. */
export interface ContactIdentity {
  person_id: string;
  external_id: string | null;
  channel: string | null;
  channel_user_id: string | null;
}

/** A contact's thread with where it happens: its chat and the chat's vendor (null: the API). */
export type ContactThreadRow = ThreadRow & { chat_name: string | null; vendor: string | null };

/** `%text%` for LIKE with the wildcards of `text` escaped (`\` is the escape character). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Contacts (docs/contacts.md): persons as the API and the console list, search, edit and merge
 * them. Identity (keys, lookup by key) stays in PersonsRepo; this is what contacts add.
 */
export class ContactsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The project's standing contacts (merged ones left out), newest first, after the keyset
   * position `after` (created_at, id); `q` matches name, email, phone, external id or vendor
   * user id, case-insensitively, anywhere in the text.
   */
  list(
    projectId: string,
    options: { q?: string | undefined; limit: number; after?: [string, string] | undefined },
  ): Promise<PersonRow[]> {
    let query = this.db
      .selectFrom("persons")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("merged_into", "is", null);
    if (options.q !== undefined) {
      const pattern = containsPattern(options.q);
      query = query.where((eb) =>
        eb.or(
          ["name", "email", "phone", "external_id", "channel_user_id"].map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    if (options.after) {
      const [createdAt, id] = options.after;
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", createdAt),
          eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)]),
        ]),
      );
    }
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
  }

  find(projectId: string, id: string): Promise<PersonRow | undefined> {
    return this.db
      .selectFrom("persons")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /**
   * Both persons, locked until the transaction ends (PostgreSQL; SQLite's transactions already
   * run one at a time), in id order so that two merges of the same pair never deadlock.
   */
  async lockPair(projectId: string, ids: [string, string]): Promise<Map<string, PersonRow>> {
    const found = new Map<string, PersonRow>();
    for (const id of [...ids].sort()) {
      let query = this.db
        .selectFrom("persons")
        .selectAll()
        .where("project_id", "=", projectId)
        .where("id", "=", id);
      if (dialectOf(this.db) === "postgres") query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (row) found.set(id, row);
    }
    return found;
  }

  /** Inserts a contact named through the API; false when another holds its external id. */
  async insert(row: PersonRow): Promise<boolean> {
    const stored = await this.db
      .insertInto("persons")
      .values(row)
      .onConflict((oc) => oc.columns(["project_id", "external_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return stored !== undefined;
  }

  async update(id: string, patch: ContactPatch & { updated_at: string }): Promise<void> {
    await this.db.updateTable("persons").set(patch).where("id", "=", id).execute();
  }

  /** Thread counts and the newest message time of each contact (missing ids: none). */
  async stats(projectId: string, personIds: string[]): Promise<Map<string, ContactStats>> {
    if (personIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("threads")
      .select((eb) => [
        "person_id",
        eb.fn.countAll<number | string>().as("thread_count"),
        eb.fn.max("last_message_at").as("last_seen_at"),
      ])
      .where("project_id", "=", projectId)
      .where("person_id", "in", personIds)
      .groupBy("person_id")
      .execute();
    return new Map(
      rows.map((row) => [
        row.person_id ?? "",
        { thread_count: Number(row.thread_count), last_seen_at: row.last_seen_at ?? null },
      ]),
    );
  }

  /** The identities reaching each contact: its own row's and those of persons merged into it. */
  async identities(personIds: string[]): Promise<Map<string, ContactIdentity[]>> {
    const byContact = new Map<string, ContactIdentity[]>();
    if (personIds.length === 0) return byContact;
    const rows = await this.db
      .selectFrom("persons")
      .select(["id", "merged_into", "external_id", "channel", "channel_user_id"])
      .where((eb) => eb.or([eb("id", "in", personIds), eb("merged_into", "in", personIds)]))
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    for (const row of rows) {
      const contact = row.merged_into ?? row.id;
      const identity = {
        person_id: row.id,
        external_id: row.external_id,
        channel: row.channel,
        channel_user_id: row.channel_user_id,
      };
      const list = byContact.get(contact);
      if (list) list.push(identity);
      else byContact.set(contact, [identity]);
    }
    return byContact;
  }

  /** A contact's threads in every chat, newest activity first; `offset` rows skipped. */
  threads(projectId: string, personId: string, limit: number, offset: number): Promise<ContactThreadRow[]> {
    return this.db
      .selectFrom("threads")
      .leftJoin("chats", "chats.id", "threads.chat_id")
      .leftJoin("integrations", "integrations.id", "chats.integration_id")
      .selectAll("threads")
      .select(["chats.name as chat_name", "integrations.vendor as vendor"])
      .where("threads.project_id", "=", projectId)
      .where("threads.person_id", "=", personId)
      .orderBy(sql`coalesce(threads.last_message_at, threads.created_at)`, "desc")
      .orderBy("threads.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute() as Promise<ContactThreadRow[]>;
  }

  /** Moves every thread of `from` to `to`; returns how many moved. */
  async moveThreads(projectId: string, from: string, to: string): Promise<number> {
    const result = await this.db
      .updateTable("threads")
      .set({ person_id: to })
      .where("project_id", "=", projectId)
      .where("person_id", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Moves the semantic-recall chunks of `from` to `to` (docs/agent.md, "Semantic recall").
   * PostgreSQL: in place (pgvector and the exact scan read `person_id` from the row). SQLite:
   * copied under new ids and the old rows deleted, because sqlite-vec partitions its vectors by
   * person and the in-memory scope copies only read ids they have not seen: the new rows are
   * indexed by MessageChunksRepo.indexUnindexed after commit (or the next process's prepare),
   * the old vectors are orphans its housekeeping prunes. Returns the embedders whose moved
   * chunks wait for that indexing (id and dimensions); none on PostgreSQL.
   */
  async moveChunks(
    projectId: string,
    from: string,
    to: string,
  ): Promise<Array<{ id: string; dimensions: number }>> {
    const embedders = await this.db
      .selectFrom("message_chunks")
      .select(["embedder_id", sql<number>`max(length(vector))`.as("bytes")])
      .where("project_id", "=", projectId)
      .where("person_id", "=", from)
      .groupBy("embedder_id")
      .execute();
    if (embedders.length === 0) return [];
    if (dialectOf(this.db) === "postgres") {
      await this.db
        .updateTable("message_chunks")
        .set({ person_id: to })
        .where("project_id", "=", projectId)
        .where("person_id", "=", from)
        .execute();
      return [];
    }
    // Read, deleted, then inserted again: a chunk's (message, embedder, index) is unique.
    const rows = await this.db
      .selectFrom("message_chunks")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("person_id", "=", from)
      .orderBy("id")
      .execute();
    await this.db
      .deleteFrom("message_chunks")
      .where("project_id", "=", projectId)
      .where("person_id", "=", from)
      .execute();
    for (let start = 0; start < rows.length; start += 100) {
      await this.db
        .insertInto("message_chunks")
        .values(rows.slice(start, start + 100).map(({ id: _id, ...row }) => ({ ...row, person_id: to })))
        .execute();
    }
    return embedders.map((row) => ({ id: row.embedder_id, dimensions: Number(row.bytes) / 4 }));
  }

  /** Puts `from`'s labels (docs/labels.md) on `to` too, those it has already kept once. */
  async moveLabels(from: string, to: string): Promise<void> {
    await sql`insert into person_labels (label_id, person_id, added_by, created_at)
      select label_id, ${to}, added_by, created_at from person_labels where person_id = ${from}
      on conflict (label_id, person_id) do nothing`.execute(this.db);
    await this.db.deleteFrom("person_labels").where("person_id", "=", from).execute();
  }

  /** Marks `from` merged into `to`, and re-points persons merged into `from` (chains stay one hop). */
  async markMerged(from: string, to: string, now: string): Promise<void> {
    await this.db
      .updateTable("persons")
      .set({ merged_into: to, updated_at: now })
      .where("merged_into", "=", from)
      .execute();
    await this.db
      .updateTable("persons")
      .set({ merged_into: to, updated_at: now })
      .where("id", "=", from)
      .execute();
  }

  /**
   * Deletes a contact with the persons merged into it and their recall chunks; their threads
   * stay, without a person (the threads' foreign key sets it null). Returns whether it existed.
   */
  async delete(projectId: string, id: string): Promise<boolean> {
    const merged = await this.db
      .selectFrom("persons")
      .select("id")
      .where("project_id", "=", projectId)
      .where("merged_into", "=", id)
      .execute();
    const ids = [id, ...merged.map((row) => row.id)];
    await this.db
      .deleteFrom("message_chunks")
      .where("project_id", "=", projectId)
      .where("person_id", "in", ids)
      .execute();
    await this.db
      .deleteFrom("persons")
      .where("project_id", "=", projectId)
      .where("merged_into", "=", id)
      .execute();
    const result = await this.db
      .deleteFrom("persons")
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

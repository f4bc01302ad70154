import type { Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { LabelsTable } from "../schema-labels.js";

export type LabelRow = Selectable<LabelsTable>;

/** A label as the API shows it (OpenAPI `Label`; docs/labels.md). */
export interface Label {
  id: string;
  name: string;
  color: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export function toLabel(row: LabelRow): Label {
  const { id, name, color, description, created_at, updated_at } = row;
  return { id, name, color, description, created_at, updated_at };
}

/** What a name is looked up and kept unique by: the same key on both databases. */
export const labelKey = (name: string): string => name.toLowerCase();

/** Ids per query: far below either database's limit on bound parameters. */
const IDS_PER_QUERY = 500;

/** Labels of a project, and which threads and people carry them (docs/labels.md). */
export class LabelsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every label of the project, by name (case-insensitively). */
  list(projectId: string): Promise<LabelRow[]> {
    return this.db
      .selectFrom("labels")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("name_key")
      .orderBy("id")
      .execute();
  }

  find(projectId: string, id: string): Promise<LabelRow | undefined> {
    return this.db
      .selectFrom("labels")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Whether a label with this id exists in a project other than the given one. */
  async existsInOtherProject(projectId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("labels")
      .select("id")
      .where("id", "=", id)
      .where("project_id", "!=", projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The project's labels with these names, whatever their case. */
  findByNames(projectId: string, names: readonly string[]): Promise<LabelRow[]> {
    const keys = [...new Set(names.map(labelKey))];
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("labels")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("name_key", "in", keys)
      .execute();
  }

  /** Inserts the label unless the project has one of that name (any case): undefined then. */
  async insert(row: Omit<LabelRow, "name_key">): Promise<LabelRow | undefined> {
    const inserted = await this.db
      .insertInto("labels")
      .values({ ...row, name_key: labelKey(row.name) })
      .onConflict((oc) => oc.columns(["project_id", "name_key"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted;
  }

  async update(
    projectId: string,
    id: string,
    patch: Partial<Pick<LabelRow, "name" | "color" | "description">> & { updated_at: string },
  ): Promise<void> {
    await this.db
      .updateTable("labels")
      .set({ ...patch, ...(patch.name !== undefined ? { name_key: labelKey(patch.name) } : {}) })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
  }

  /** Deletes the label; its links to threads and people go with it. */
  async delete(projectId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom("labels")
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    return deleted !== undefined;
  }

  /** The thread's labels, by name. */
  async ofThread(projectId: string, threadId: string): Promise<LabelRow[]> {
    return this.db
      .selectFrom("thread_labels as tl")
      .innerJoin("labels", "labels.id", "tl.label_id")
      .selectAll("labels")
      .where("tl.project_id", "=", projectId)
      .where("tl.thread_id", "=", threadId)
      .orderBy("labels.name_key")
      .execute();
  }

  /** The label names of each of these threads, sorted: one query per page of threads. */
  async namesByThread(projectId: string, threadIds: readonly string[]): Promise<Map<string, string[]>> {
    const byThread = new Map<string, string[]>();
    const unique = [...new Set(threadIds)];
    for (let at = 0; at < unique.length; at += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom("thread_labels as tl")
        .innerJoin("labels", "labels.id", "tl.label_id")
        .select(["tl.thread_id", "labels.name"])
        .where("tl.project_id", "=", projectId)
        .where("tl.thread_id", "in", unique.slice(at, at + IDS_PER_QUERY))
        .orderBy("labels.name_key")
        .execute();
      for (const row of rows) byThread.set(row.thread_id, [...(byThread.get(row.thread_id) ?? []), row.name]);
    }
    return byThread;
  }

  /** The label names of each of these people (contacts), sorted: one query per page. */
  async namesByPerson(personIds: readonly string[]): Promise<Map<string, string[]>> {
    const byPerson = new Map<string, string[]>();
    const unique = [...new Set(personIds)];
    for (let at = 0; at < unique.length; at += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom("person_labels as pl")
        .innerJoin("labels", "labels.id", "pl.label_id")
        .select(["pl.person_id", "labels.name"])
        .where("pl.person_id", "in", unique.slice(at, at + IDS_PER_QUERY))
        .orderBy("labels.name_key")
        .execute();
      for (const row of rows) byPerson.set(row.person_id, [...(byPerson.get(row.person_id) ?? []), row.name]);
    }
    return byPerson;
  }

  /** Puts the labels on the thread; the ids of those it did not carry yet (the rest stay as they were). */
  async addToThread(
    projectId: string,
    threadId: string,
    labelIds: readonly string[],
    addedBy: string,
    now: string,
  ): Promise<string[]> {
    const added: string[] = [];
    for (const labelId of new Set(labelIds)) {
      const row = await this.db
        .insertInto("thread_labels")
        .values({
          label_id: labelId,
          project_id: projectId,
          thread_id: threadId,
          added_by: addedBy,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(["label_id", "thread_id"]).doNothing())
        .returning("label_id")
        .executeTakeFirst();
      if (row) added.push(row.label_id);
    }
    return added;
  }

  /** Takes the labels off the thread; the ids of those it carried. */
  async removeFromThread(
    projectId: string,
    threadId: string,
    labelIds: readonly string[],
  ): Promise<string[]> {
    if (labelIds.length === 0) return [];
    const rows = await this.db
      .deleteFrom("thread_labels")
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("label_id", "in", [...new Set(labelIds)])
      .returning("label_id")
      .execute();
    return rows.map((row) => row.label_id);
  }

  /** The person's labels, by name. */
  async ofPerson(personId: string): Promise<LabelRow[]> {
    return this.db
      .selectFrom("person_labels as pl")
      .innerJoin("labels", "labels.id", "pl.label_id")
      .selectAll("labels")
      .where("pl.person_id", "=", personId)
      .orderBy("labels.name_key")
      .execute();
  }

  /** Puts the labels on the person; the ids of those they did not carry yet. */
  async addToPerson(
    personId: string,
    labelIds: readonly string[],
    addedBy: string,
    now: string,
  ): Promise<string[]> {
    const added: string[] = [];
    for (const labelId of new Set(labelIds)) {
      const row = await this.db
        .insertInto("person_labels")
        .values({ label_id: labelId, person_id: personId, added_by: addedBy, created_at: now })
        .onConflict((oc) => oc.columns(["label_id", "person_id"]).doNothing())
        .returning("label_id")
        .executeTakeFirst();
      if (row) added.push(row.label_id);
    }
    return added;
  }

  async removeFromPerson(personId: string, labelIds: readonly string[]): Promise<string[]> {
    if (labelIds.length === 0) return [];
    const rows = await this.db
      .deleteFrom("person_labels")
      .where("person_id", "=", personId)
      .where("label_id", "in", [...new Set(labelIds)])
      .returning("label_id")
      .execute();
    return rows.map((row) => row.label_id);
  }
}

import { createRequire } from "node:module";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Storage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { loadSqliteVec } from "../../../src/storage/repos/message-chunks.repo.js";
import type { Database } from "../../../src/storage/schema.js";
import type { MessageAuthor, MessageRole } from "../../../src/storage/schema-conversations.js";
import { openTestStorage, type TestDialect } from "../../helpers/dialects.js";

/** Whether the sqlite-vec package (and its platform binary) is installed here. */
export const sqliteVecInstalled = (() => {
  try {
    const sqliteVec = createRequire(import.meta.url)("sqlite-vec") as { getLoadablePath(): string };
    sqliteVec.getLoadablePath();
    return true;
  } catch {
    return false;
  }
})();

/**
 * An in-memory SQLite storage whose connection has sqlite-vec loaded, as openStorage does once
 * it calls loadSqliteVec (the extension can only be loaded where the connection is opened).
 */
export function openSqliteWithVec(): Storage {
  const sqlite = new SQLite(":memory:");
  sqlite.pragma("foreign_keys = ON");
  loadSqliteVec(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

export async function openMemoryStorage(dialect: TestDialect): Promise<Storage> {
  const storage = dialect === "sqlite" ? openSqliteWithVec() : await openTestStorage(dialect);
  await migrateToLatest(storage);
  return storage;
}

const T0 = Date.parse("2026-03-01T09:00:00.000Z");

/** Projects, persons, threads and messages, inserted with the plain query builder. */
export class Seeder {
  private clock = 0;
  private counter = 0;

  constructor(private readonly db: Kysely<Database>) {}

  now(): string {
    this.clock += 1;
    return new Date(T0 + this.clock * 60_000).toISOString();
  }

  async project(id: string): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto("organizations")
      .values({ id: `org_${id}`, name: id, created_at: at })
      .execute();
    await this.db
      .insertInto("projects")
      .values({ id, organization_id: `org_${id}`, name: id, avatar_url: null, created_at: at })
      .execute();
    await this.db
      .insertInto("bots")
      .values({
        id: `bot_${id}`,
        project_id: id,
        name: "Helper",
        description: null,
        status: "active",
        settings: "{}",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await this.db
      .insertInto("integrations")
      .values({
        id: `int_${id}`,
        project_id: id,
        name: "Web",
        vendor: "parley",
        status: "active",
        auth_data: "{}",
        settings: "{}",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await this.db
      .insertInto("chats")
      .values({
        id: `chat_${id}`,
        project_id: id,
        integration_id: `int_${id}`,
        bot_id: `bot_${id}`,
        name: "site",
        status: "active",
        settings: "{}",
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  async person(projectId: string, id: string): Promise<void> {
    await this.db
      .insertInto("persons")
      .values({
        id,
        project_id: projectId,
        external_id: id,
        name: id,
        avatar_url: null,
        created_at: this.now(),
      })
      .execute();
  }

  async thread(projectId: string, id: string, personId: string | null): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto("threads")
      .values({
        project_id: projectId,
        id,
        chat_id: `chat_${projectId}`,
        bot_id: `bot_${projectId}`,
        person_id: personId,
        mode: "auto",
        title: null,
        last_message_at: at,
        pending_count: 0,
        working_memory: null,
        turn_lease_owner: null,
        turn_lease_until: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  /** Alternating user / assistant messages, the first one from the user. */
  async conversation(projectId: string, threadId: string, personId: string | null, texts: string[]) {
    const rows = [];
    for (const [index, content] of texts.entries()) {
      const role: MessageRole = index % 2 === 0 ? "user" : "assistant";
      rows.push(await this.message(projectId, threadId, personId, role, content));
    }
    return rows;
  }

  async message(
    projectId: string,
    threadId: string,
    personId: string | null,
    role: MessageRole,
    content: string,
    author: MessageAuthor = role === "user" ? "user" : "bot",
  ) {
    this.counter += 1;
    const row = await this.db
      .insertInto("messages")
      .values({
        id: `msg_${threadId}_${this.counter}`,
        project_id: projectId,
        thread_id: threadId,
        role,
        author,
        content,
        parts: null,
        external_id: null,
        reply_to_seq: null,
        created_at: this.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, seq: Number(row.seq), person_id: personId };
  }
}

import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.js";
import type { Database } from "../schema.js";
import { ExactScanIndex } from "./exact-scan-index.js";
import { MemoryScopeIndex } from "./memory-scope-index.js";
import { installPgvector, PgvectorIndex } from "./pgvector-index.js";
import { SqliteVecIndex, sqliteVecAvailable } from "./sqlite-vec-index.js";
import type { VectorIndex } from "./vector-index.js";

/**
 * The best index this database offers: sqlite-vec on SQLite when the extension is loaded,
 * pgvector on PostgreSQL when installed (or installable), else the exact scan. On SQLite,
 * `memoryBytes` > 0 puts in-memory copies of the scopes searched lately in front of it
 * (MemoryScopeIndex). `exact-scan` forces the fallback alone (tests, comparisons).
 */
export async function detectVectorIndex(
  db: Kysely<Database>,
  dialect: Dialect,
  choice: "auto" | "exact-scan" = "auto",
  memoryBytes = 0,
): Promise<VectorIndex> {
  if (choice === "exact-scan") return new ExactScanIndex(db);
  if (dialect === "sqlite") {
    const stored = (await sqliteVecAvailable(db)) ? new SqliteVecIndex(db) : new ExactScanIndex(db);
    return memoryBytes > 0 ? new MemoryScopeIndex(db, stored, memoryBytes) : stored;
  }
  const installation = await installPgvector(db);
  return installation ? new PgvectorIndex(db, installation) : new ExactScanIndex(db);
}

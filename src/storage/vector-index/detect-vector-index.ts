import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.js";
import type { Database } from "../schema.js";
import { ExactScanIndex } from "./exact-scan-index.js";
import { MemoryScopeIndex } from "./memory-scope-index.js";
import { installPgvector, type PgvectorInstallation } from "./pgvector-column.js";
import { PgvectorIndex } from "./pgvector-index.js";
import { SqliteVecIndex, sqliteVecAvailable } from "./sqlite-vec-index.js";
import { StoreExactScanIndex } from "./store-exact-scan-index.js";
import { StorePgvectorIndex } from "./store-pgvector-index.js";
import { StoreSqliteVecIndex } from "./store-sqlite-vec-index.js";
import type { StoreVectorIndex, VectorIndex } from "./vector-index.js";

/** `auto` detects the best backend; `exact-scan` forces the fallback alone (tests, comparisons). */
export type VectorIndexChoice = "auto" | "exact-scan";

type Detected =
  | { backend: "sqlite-vec" }
  | { backend: "pgvector"; installation: PgvectorInstallation }
  | { backend: "exact-scan" };

/**
 * The best backend this database offers: sqlite-vec on SQLite when the extension is loaded,
 * pgvector on PostgreSQL when installed (or installable), else the exact scan.
 */
async function detectBackend(
  db: Kysely<Database>,
  dialect: Dialect,
  choice: VectorIndexChoice,
): Promise<Detected> {
  if (choice === "exact-scan") return { backend: "exact-scan" };
  if (dialect === "sqlite") {
    return (await sqliteVecAvailable(db)) ? { backend: "sqlite-vec" } : { backend: "exact-scan" };
  }
  const installation = await installPgvector(db);
  return installation ? { backend: "pgvector", installation } : { backend: "exact-scan" };
}

/**
 * Semantic recall's index (detectBackend's). On SQLite, `memoryBytes` > 0 puts in-memory
 * copies of the scopes searched lately in front of it (MemoryScopeIndex).
 */
export async function detectVectorIndex(
  db: Kysely<Database>,
  dialect: Dialect,
  choice: VectorIndexChoice = "auto",
  memoryBytes = 0,
): Promise<VectorIndex> {
  const detected = await detectBackend(db, dialect, choice);
  if (detected.backend === "pgvector") return new PgvectorIndex(db, detected.installation);
  if (choice === "exact-scan") return new ExactScanIndex(db);
  const stored = detected.backend === "sqlite-vec" ? new SqliteVecIndex(db) : new ExactScanIndex(db);
  return dialect === "sqlite" && memoryBytes > 0 ? new MemoryScopeIndex(db, stored, memoryBytes) : stored;
}

/** Vector stores' index (detectBackend's). */
export async function detectStoreVectorIndex(
  db: Kysely<Database>,
  dialect: Dialect,
  choice: VectorIndexChoice = "auto",
): Promise<StoreVectorIndex> {
  const detected = await detectBackend(db, dialect, choice);
  if (detected.backend === "sqlite-vec") return new StoreSqliteVecIndex(db);
  if (detected.backend === "pgvector") return new StorePgvectorIndex(db, detected.installation);
  return new StoreExactScanIndex(db);
}

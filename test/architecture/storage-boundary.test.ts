import { describe, expect, it } from "vitest";
import { read, sourceFiles } from "./source-files.js";

/**
 * Only src/storage/ speaks SQL and knows the dialect (see docs/development.md): no other file
 * imports Kysely's `sql`, builds or executes a query, opens a transaction on a Kysely handle, or
 * reads Kysely's executor. Type-only imports of Kysely's types are allowed (the job queue names
 * the connection it is given).
 */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/import\s+\{[^}]*\bsql\b[^}]*\}\s+from\s+["']kysely["']/, "imports kysely's sql"],
  [
    /^import\s+(?!type\b)[^;]*from\s+["']kysely["']/m,
    "imports kysely values (only `import type` is allowed)",
  ],
  [/\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/, "builds a query"],
  [
    /\.(executeTakeFirst|executeTakeFirstOrThrow)\s*\(|\.execute\s*\(\s*\w*\s*\)\s*;?\s*$/m,
    "executes a query",
  ],
  [/\.transaction\s*\(\s*\)/, "opens a transaction on a database handle"],
  [/getExecutor\s*\(/, "reads the dialect from Kysely's executor"],
  [/\bsql`/, "writes raw SQL"],
];

describe("the storage boundary", () => {
  it("no file outside src/storage/ speaks SQL", () => {
    const offences: string[] = [];
    for (const file of sourceFiles()) {
      if (file.startsWith("src/storage/")) continue;
      const source = read(file);
      for (const [pattern, what] of FORBIDDEN) if (pattern.test(source)) offences.push(`${file}: ${what}`);
    }
    expect(offences).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    const samples = [
      'import { sql } from "kysely";',
      'import { Kysely } from "kysely";',
      'await db.selectFrom("bots").selectAll().execute();',
      "const row = await query.executeTakeFirst();",
      "await db.transaction().execute(async (trx) => {});",
      "db.getExecutor().adapter",
      "await sql`select 1`.execute(db);",
    ];
    for (const sample of samples) {
      expect(
        FORBIDDEN.some(([pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    }
    expect(FORBIDDEN.some(([pattern]) => pattern.test('import type { Kysely } from "kysely";'))).toBe(false);
  });
});

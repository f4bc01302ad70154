import { describe, expect, it } from "vitest";
import {
  describeDatabaseUrl,
  explainListenError,
  withoutDatabasePassword,
} from "../../src/startup-checks.js";

describe("start-up messages", () => {
  it("show DATABASE_URL without its password", () => {
    expect(describeDatabaseUrl("postgres://bob:s3cr%40t@db.internal:5432/parley?sslmode=require")).toBe(
      "postgres://bob@db.internal:5432/parley?sslmode=require, password hidden",
    );
    expect(describeDatabaseUrl("postgresql://bob@/parley?host=/var/run/postgresql&password=pw")).toBe(
      "postgresql://…@/parley, user, password and options hidden",
    );
    expect(describeDatabaseUrl("postgres://db.internal/parley")).toBe("postgres://db.internal/parley");
    // Unencoded / ? # in a password end the credentials early: nothing of them may show.
    for (const password of ["p@ss/word", "12?x", "p#ss"]) {
      const shown = describeDatabaseUrl(`postgres://bob:${password}@db:5432/parley`);
      expect(shown).toBe("postgres://…@db:5432/parley, user, password and options hidden");
    }
  });

  it("blank the password out of any other text", () => {
    const url = "postgres://bob:s3cr%40t@db/parley";
    expect(withoutDatabasePassword("auth failed with s3cr@t for bob", url)).toBe(
      "auth failed with [hidden] for bob",
    );
    expect(withoutDatabasePassword("no password here", undefined)).toBe("no password here");
    expect(withoutDatabasePassword("failed: p@ss/word", "postgres://bob:p@ss/word@db/parley")).toBe(
      "failed: [hidden]",
    );
    expect(withoutDatabasePassword("at postgres://bob:pw@db/x", "postgres://bob:pw@db/x")).toBe(
      "at [DATABASE_URL]",
    );
  });

  it("name PORT or HOST for listen failures, and nothing else", () => {
    const failure = (code: string) => Object.assign(new Error(code), { code });
    expect(explainListenError(failure("EADDRINUSE"), "0.0.0.0", 8080)?.message).toBe(
      "PORT 8080 on 0.0.0.0 is already in use",
    );
    expect(explainListenError(failure("EACCES"), "0.0.0.0", 80)?.message).toContain("PORT 80 on 0.0.0.0");
    expect(explainListenError(failure("EADDRNOTAVAIL"), "10.9.9.9", 8080)?.message).toContain(
      "HOST 10.9.9.9",
    );
    expect(explainListenError(failure("EMFILE"), "0.0.0.0", 8080)).toBeUndefined();
  });
});

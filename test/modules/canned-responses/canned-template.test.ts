import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { renderTemplate, templateProblems } from "../../../src/modules/canned-responses/index.js";
import { allMigrations } from "../../../src/storage/migrations/index.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../../helpers/dialects.js";

const NONE = {
  "contact.name": null,
  "contact.first_name": null,
  "contact.email": null,
  "operator.name": null,
  "bot.name": null,
  "project.name": null,
};

/** The placeholders of canned responses (docs/canned-responses.md, "Variables"): checks and substitution. */
describe("canned response templates", () => {
  it("fills values, then fallbacks, then nothing; spaces in the braces are fine", () => {
    const content = "Hi {{ contact.name | there }}, {{operator.name}} of {{project.name|us}}.";
    expect(
      renderTemplate(content, {
        ...NONE,
        "contact.name": "Ann",
        "operator.name": "Olga",
        "project.name": "Shop",
      }),
    ).toBe("Hi Ann, Olga of Shop.");
    expect(renderTemplate(content, NONE)).toBe("Hi there,  of us.");
    // A blank value counts as none.
    expect(renderTemplate(content, { ...NONE, "contact.name": "   " })).toBe("Hi there,  of us.");
  });

  it("inserts values literally: a value that looks like a placeholder or code is not expanded", () => {
    const values = {
      ...NONE,
      "contact.name": "{{operator.name}} #{process.env} $&",
      "operator.name": "Olga",
    };
    expect(renderTemplate("Hi {{contact.name}}!", values)).toBe("Hi {{operator.name}} #{process.env} $&!");
  });

  it("names unknown variables and malformed braces; single braces are text", () => {
    expect(templateProblems("Hi {{contact.name}} and {{contact.phone}}")).toEqual([
      { path: "content", message: expect.stringContaining("unknown variable 'contact.phone'") },
    ]);
    expect(templateProblems("{{ constructor }}")[0]?.message).toContain("unknown variable 'constructor'");
    expect(templateProblems("Hi {{contact.name")[0]?.message).toContain(
      "malformed placeholder near '{{contact.name'",
    );
    expect(templateProblems("Hi }} there")[0]?.message).toContain("malformed placeholder near '}} there'");
    expect(templateProblems("{{a}b}}")).not.toEqual([]);
    expect(templateProblems(`{{contact.name|${"x".repeat(201)}}}`)[0]?.message).toContain("longer than 200");
    expect(templateProblems('JSON {"a": 1} and {x}')).toEqual([]);
    // Two closing braces in a row are refused even in nested JSON: write them apart (`} }`).
    expect(templateProblems('JSON {"a": {"b": 1}}')[0]?.message).toContain("malformed");
    expect(templateProblems("{{contact.first_name|friend}} {{bot.name}} {{contact.email|}}")).toEqual([]);
  });
});

describe.each(DIALECTS)("migration 0033 on %s", (dialect) => {
  it.skipIf(shouldSkip(dialect))("goes down and up again", async () => {
    const storage = await openTestStorage(dialect);
    try {
      await migrateToLatest(storage);
      const db = storage.db as unknown as Kysely<unknown>;
      const migration = allMigrations(storage.dialect)["0033_canned_responses"]!;
      const tables = async () =>
        (await storage.db.introspection.getTables())
          // On PostgreSQL every test's schema is listed: only this storage's counts.
          .filter((table) => !storage.pgSchema || table.schema === storage.pgSchema)
          .map((table) => table.name)
          .filter((n) => n === "canned_responses");
      expect(await tables()).toEqual(["canned_responses"]);
      await migration.down!(db);
      expect(await tables()).toEqual([]);
      await migration.up(db);
      expect(await tables()).toEqual(["canned_responses"]);
    } finally {
      await storage.close();
    }
  });
});

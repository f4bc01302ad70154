import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  REPO_ROOT,
  renderGeneratedFiles,
  SCHEMA_FILE,
  SIGNATURE_FILE,
} from "../../client/scripts/generated-files.js";
import { buildOpenApiDocument } from "../../client/scripts/openapi-document.js";

// The client package's generated files are committed: regenerated here in memory, they must be
// what is in the tree, or the package no longer matches the API (client/README.md).
describe("the client package's generated files", () => {
  it("are up to date with the OpenAPI document and the server's signature module", async () => {
    const files = await renderGeneratedFiles(await buildOpenApiDocument());
    expect(Object.keys(files).sort()).toEqual([SCHEMA_FILE, SIGNATURE_FILE].sort());
    for (const [path, expected] of Object.entries(files)) {
      const committed = readFileSync(resolve(REPO_ROOT, path), "utf8");
      expect(committed === expected, `${path} is out of date: run \`npm run client:generate\``).toBe(true);
    }
  });

  it("type every route of the document", async () => {
    const document = await buildOpenApiDocument();
    const schema = readFileSync(resolve(REPO_ROOT, SCHEMA_FILE), "utf8");
    const paths = Object.keys(document.paths as Record<string, unknown>);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) expect(schema, path).toContain(`"${path}": {`);
  });
});

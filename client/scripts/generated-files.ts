import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/** The repository root (this file is client/scripts/generated-files.ts). */
export const REPO_ROOT = resolve(import.meta.dirname, "../..");

/** The generated files of the client package, relative to the repository root. */
export const SCHEMA_FILE = "client/src/schema.ts";
export const SIGNATURE_FILE = "client/src/webhook-signature.ts";
/** The one implementation of webhook signing; the client ships a verbatim copy of it. */
export const SIGNATURE_SOURCE = "src/modules/webhooks/delivery/signature.ts";

const generatedBy = (what: string) => `/**
 * ${what}: do not edit.
 * Regenerate with \`npm run client:generate\`; a test fails while this file is out of date
 * (test/client/generated-files.test.ts).
 */

`;

/**
 * Every generated file of the client package with its content, as `npm run client:generate`
 * writes it: the types of Parley's OpenAPI document, and the webhook signature module copied
 * from the server so that the published package imports nothing outside itself.
 */
export async function renderGeneratedFiles(
  document: Record<string, unknown>,
): Promise<Record<string, string>> {
  const ast = await openapiTS(document as unknown as OpenAPI3, { silent: true, alphabetize: true });
  const schema = `${generatedBy("Generated from Parley's OpenAPI document by openapi-typescript")}${astToString(ast)}`;
  const signature =
    generatedBy(`Copied from the server's ${SIGNATURE_SOURCE}`) +
    readFileSync(resolve(REPO_ROOT, SIGNATURE_SOURCE), "utf8");
  return {
    [SCHEMA_FILE]: formatWithBiome(SCHEMA_FILE, schema),
    [SIGNATURE_FILE]: formatWithBiome(SIGNATURE_FILE, signature),
  };
}

/** The repository's formatter, so that `npm run lint` passes on generated files as on any other. */
function formatWithBiome(path: string, source: string): string {
  const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
  const result = spawnSync(process.execPath, [biome, "format", `--stdin-file-path=${path}`], {
    cwd: REPO_ROOT,
    input: source,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`biome format ${path} failed: ${result.stderr}`);
  return result.stdout;
}

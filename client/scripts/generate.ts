import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { REPO_ROOT, renderGeneratedFiles } from "./generated-files.js";
import { buildOpenApiDocument } from "./openapi-document.js";

// `npm run client:generate`: writes the client package's generated files from this checkout:
// client/src/schema.ts from the app's OpenAPI document, client/src/webhook-signature.ts from
// the server's signature module (client/README.md).
const files = await renderGeneratedFiles(await buildOpenApiDocument());
for (const [path, content] of Object.entries(files)) {
  writeFileSync(resolve(REPO_ROOT, path), content);
  console.log(`wrote ${path}`);
}

import { validationFailed } from "../../infra/errors.js";
import type { CustomToolRow } from "../../storage/repos/custom-tools.repo.js";
import { builtinToolNames } from "../engine/index.js";
import { ImportDocumentError, mapOpenApiDocument } from "./openapi-import.js";
import type {
  CreatedCustomTool,
  ImportCandidate,
  ImportCustomToolsInput,
  ImportRefusal,
  ImportResult,
} from "./schemas.js";
import { MAX_RESPONSE_BYTES, TIMEOUT_MS } from "./schemas.js";
import { generateToolSecret } from "./signing.js";
import { definitionProblems } from "./tool-definition.js";
import { type CustomToolsServiceDeps, nameTaken, sealHeaders, toCustomTool } from "./tool-rows.js";

/** How often one candidate of an import may find its name taken by racing requests before 409. */
const MAX_NAME_ATTEMPTS = 20;

/** `base`, or `base_2`, `base_3`, … (cut to stay within 64 characters): the first name not taken. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const name = `${base.slice(0, 64 - suffix.length).replace(/_+$/, "")}${suffix}`;
    if (!taken.has(name)) return name;
  }
}

/**
 * Import from an OpenAPI document (docs/custom-tools.md, "Import from OpenAPI"): the chosen
 * operations mapped, each given a name unique in the project (built-ins and existing tools
 * included), checked like a tool created by hand (one that fails is refused with the reason),
 * then — unless a dry run — all created in one transaction, each with its own secret.
 */
export async function importTools(
  deps: CustomToolsServiceDeps,
  projectId: string,
  input: ImportCustomToolsInput,
  headers: Record<string, string>,
): Promise<ImportResult> {
  let mapped: ReturnType<typeof mapOpenApiDocument>;
  try {
    mapped = mapOpenApiDocument(input.document, {
      operations: input.operations,
      serverUrl: input.server_url,
    });
  } catch (error) {
    if (error instanceof ImportDocumentError) throw validationFailed(error.details);
    throw error;
  }
  const taken = new Set([...builtinToolNames(), ...(await deps.repos.customTools.namesByProject(projectId))]);
  const candidates: ImportCandidate[] = [];
  /** Each candidate's name before `uniqueName` made it unique (the same index). */
  const baseNames: string[] = [];
  const refused: ImportRefusal[] = [...mapped.refused];
  for (const draft of mapped.drafts) {
    const name = uniqueName(draft.baseName, taken);
    const problems = definitionProblems(
      { name, input_schema: draft.input_schema, url: draft.url, headerNames: [] },
      deps.allowPrivate,
    );
    if (problems.length > 0) {
      refused.push({
        operation: draft.operation,
        operation_id: draft.operation_id,
        reason: problems.map((p) => `${p.path}: ${p.message}`).join("; "),
      });
      continue;
    }
    taken.add(name);
    baseNames.push(draft.baseName);
    candidates.push({
      operation: draft.operation,
      operation_id: draft.operation_id,
      name,
      description: draft.description,
      method: draft.method,
      url: draft.url,
      input_schema: draft.input_schema,
    });
  }
  if (input.dry_run) return { dry_run: true, candidates, created: [], refused };

  const now = deps.clock.now().toISOString();
  const created = await deps.repos.transaction(async (trx) => {
    const tools: CreatedCustomTool[] = [];
    for (const [index, candidate] of candidates.entries()) {
      const secret = generateToolSecret();
      const row: CustomToolRow = {
        id: deps.newId("tool"),
        project_id: projectId,
        name: candidate.name,
        description: candidate.description,
        input_schema: JSON.stringify(candidate.input_schema),
        method: candidate.method,
        url: candidate.url,
        ...sealHeaders(deps.secrets, headers),
        secret_sealed: deps.secrets.seal(secret),
        timeout_ms: TIMEOUT_MS.default,
        max_response_bytes: MAX_RESPONSE_BYTES.default,
        max_calls_per_turn: null,
        status: "active",
        created_at: now,
        updated_at: now,
      };
      for (let attempt = 1; !(await trx.customTools.insert(row)); attempt++) {
        // A request racing this one took the name (on PostgreSQL this insert waited for it to
        // commit): the next free name, as an import after that request would have got
        // (docs/api.md, "Concurrent creates"). Each retry means another tool was committed.
        if (attempt >= MAX_NAME_ATTEMPTS) throw nameTaken(row.name);
        const names = [...builtinToolNames(), ...(await trx.customTools.namesByProject(projectId))];
        row.name = uniqueName(baseNames[index] ?? candidate.name, new Set(names));
        candidates[index] = { ...candidate, name: row.name };
      }
      tools.push({ ...toCustomTool(row), secret });
    }
    return tools;
  });
  return { dry_run: false, candidates, created, refused };
}

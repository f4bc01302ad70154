import type { AuthContext } from "../../infra/auth-context.js";
import { notFound, validationFailed } from "../../infra/errors.js";
import type { CustomToolRow } from "../../storage/repos/custom-tools.repo.js";
import { importTools } from "./import-tools.js";
import type {
  CreateCustomToolInput,
  CreatedCustomTool,
  CustomTool,
  ImportCustomToolsInput,
  ImportResult,
  UpdateCustomToolInput,
} from "./schemas.js";
import { MAX_HEADERS, MAX_RESPONSE_BYTES, TIMEOUT_MS } from "./schemas.js";
import { generateToolSecret } from "./signing.js";
import { definitionProblems, headerNameProblems, NO_ARGUMENTS_SCHEMA } from "./tool-definition.js";
import { type CustomToolsServiceDeps, nameTaken, sealHeaders, toCustomTool } from "./tool-rows.js";

/**
 * The project's custom HTTP tools (docs/custom-tools.md). Header values and signing secrets
 * are sealed before they reach the database; a secret leaves the service only in the answer
 * that created (or rotated) it. A tool of another project is 404, as if it did not exist.
 */
export class CustomToolsService {
  constructor(private readonly deps: CustomToolsServiceDeps) {}

  async list(auth: AuthContext): Promise<CustomTool[]> {
    return (await this.deps.repos.customTools.listByProject(auth.projectId)).map(toCustomTool);
  }

  async get(auth: AuthContext, toolId: string): Promise<CustomTool> {
    return toCustomTool(await this.load(auth, toolId));
  }

  async create(auth: AuthContext, input: CreateCustomToolInput): Promise<CreatedCustomTool> {
    const headers = input.headers ?? {};
    const inputSchema = input.input_schema ?? NO_ARGUMENTS_SCHEMA;
    this.check({
      name: input.name,
      input_schema: inputSchema,
      url: input.url,
      headerNames: Object.keys(headers),
    });
    const secret = generateToolSecret();
    const now = this.deps.clock.now().toISOString();
    const row: CustomToolRow = {
      id: this.deps.newId("tool"),
      project_id: auth.projectId,
      name: input.name,
      description: input.description,
      input_schema: JSON.stringify(inputSchema),
      method: input.method,
      url: input.url,
      ...sealHeaders(this.deps.secrets, headers),
      secret_sealed: this.deps.secrets.seal(secret),
      timeout_ms: input.timeout_ms ?? TIMEOUT_MS.default,
      max_response_bytes: input.max_response_bytes ?? MAX_RESPONSE_BYTES.default,
      max_calls_per_turn: input.max_calls_per_turn ?? null,
      status: input.status ?? "active",
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.repos.customTools.insert(row))) throw nameTaken(input.name);
    return { ...toCustomTool(row), secret };
  }

  /**
   * Fields not sent are unchanged; `headers` sets (a value) or removes (null) the headers it
   * names. The whole definition is checked again, so a new URL must fit the schema and back.
   */
  async update(auth: AuthContext, toolId: string, input: UpdateCustomToolInput): Promise<CustomTool> {
    const row = await this.load(auth, toolId);
    const headers = input.headers ? this.patchedHeaders(row, input.headers) : undefined;
    const inputSchema = input.input_schema ?? (JSON.parse(row.input_schema) as Record<string, unknown>);
    this.check({
      name: input.name ?? row.name,
      input_schema: inputSchema,
      url: input.url ?? row.url,
      headerNames: headers ? Object.keys(headers) : (JSON.parse(row.header_names) as string[]),
    });
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.input_schema !== undefined ? { input_schema: JSON.stringify(input.input_schema) } : {}),
      ...(input.method !== undefined ? { method: input.method } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(headers ? sealHeaders(this.deps.secrets, headers) : {}),
      ...(input.timeout_ms !== undefined ? { timeout_ms: input.timeout_ms } : {}),
      ...(input.max_response_bytes !== undefined ? { max_response_bytes: input.max_response_bytes } : {}),
      ...(input.max_calls_per_turn !== undefined ? { max_calls_per_turn: input.max_calls_per_turn } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      updated_at: this.deps.clock.now().toISOString(),
    };
    if (!(await this.deps.repos.customTools.update(row.id, patch))) throw nameTaken(input.name ?? row.name);
    return toCustomTool({ ...row, ...patch });
  }

  /** A new signing secret, returned once; the old one signs nothing from now on. */
  async rotateSecret(auth: AuthContext, toolId: string): Promise<CreatedCustomTool> {
    const row = await this.load(auth, toolId);
    const secret = generateToolSecret();
    const patch = {
      secret_sealed: this.deps.secrets.seal(secret),
      updated_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.repos.customTools.update(row.id, patch);
    return { ...toCustomTool({ ...row, ...patch }), secret };
  }

  /** Bots that enable it keep the name in `ai.tools`; it is offered again if a tool takes the name. */
  async delete(auth: AuthContext, toolId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.load(auth, toolId);
    await this.deps.repos.customTools.delete(row.id);
    return { id: row.id, deleted: true };
  }

  async import(auth: AuthContext, input: ImportCustomToolsInput): Promise<ImportResult> {
    const headers = input.headers ?? {};
    const problems = headerNameProblems(Object.keys(headers));
    if (problems.length > 0) throw validationFailed(problems);
    return importTools(this.deps, auth.projectId, input, headers);
  }

  private check(definition: Parameters<typeof definitionProblems>[0]): void {
    const problems = definitionProblems(definition, this.deps.allowPrivate);
    if (problems.length > 0) throw validationFailed(problems);
  }

  private patchedHeaders(row: CustomToolRow, changes: Record<string, string | null>): Record<string, string> {
    const current = row.headers_sealed
      ? (JSON.parse(this.deps.secrets.open(row.headers_sealed)) as Record<string, string>)
      : {};
    const lowerChanges = new Map(Object.keys(changes).map((name) => [name.toLowerCase(), name]));
    // A change replaces the header whatever the case it was first given in.
    const kept = Object.entries(current).filter(([name]) => !lowerChanges.has(name.toLowerCase()));
    const set = Object.entries(changes).filter((entry): entry is [string, string] => entry[1] !== null);
    const headers = Object.fromEntries([...kept, ...set]);
    if (Object.keys(headers).length > MAX_HEADERS) {
      throw validationFailed([{ path: "headers", message: `at most ${MAX_HEADERS} headers in all` }]);
    }
    return headers;
  }

  private async load(auth: AuthContext, toolId: string): Promise<CustomToolRow> {
    const row = await this.deps.repos.customTools.findById(toolId);
    if (!row || row.project_id !== auth.projectId) throw notFound("custom tool", toolId);
    return row;
  }
}

/**
 * The project's own HTTP tools (migration 0020, docs/custom-tools.md): a JSON Schema of the
 * arguments, how a call becomes an HTTP request, and the sealed secrets that go with it.
 */
export type CustomToolStatus = "active" | "disabled";
export type CustomToolMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface CustomToolsTable {
  /** `tool_…` */
  id: string;
  project_id: string;
  /** The key of `ai.tools`; unique in the project. */
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema), JSON. */
  input_schema: string;
  method: CustomToolMethod;
  /** The URL template: `{arg}` placeholders in the path and as query values. */
  url: string;
  /** JSON array of the header names, in the order given: what the API shows. */
  header_names: string;
  /** JSON object name → value, sealed with the server's SecretBox; null without headers. */
  headers_sealed: string | null;
  /** The signing secret (`tsec_…`), sealed; returned in clear only when created or rotated. */
  secret_sealed: string;
  timeout_ms: number;
  max_response_bytes: number;
  /** null: only the engine's limit of calls per turn applies. */
  max_calls_per_turn: number | null;
  status: CustomToolStatus;
  created_at: string;
  updated_at: string;
}

export interface CustomToolTables {
  custom_tools: CustomToolsTable;
}

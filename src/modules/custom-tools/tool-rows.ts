import type { Clock } from "../../infra/clock.js";
import { conflict } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { CustomToolRow } from "../../storage/repos/custom-tools.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { CustomTool } from "./schemas.js";

export interface CustomToolsServiceDeps {
  repos: Repos;
  /** Seals header values and signing secrets at rest. */
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: accept URLs on private, loopback and link-local addresses. */
  allowPrivate: boolean;
}

export function toCustomTool(row: CustomToolRow): CustomTool {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    input_schema: JSON.parse(row.input_schema) as Record<string, unknown>,
    method: row.method,
    url: row.url,
    header_names: JSON.parse(row.header_names) as string[],
    timeout_ms: row.timeout_ms,
    max_response_bytes: row.max_response_bytes,
    max_calls_per_turn: row.max_calls_per_turn,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const nameTaken = (name: string) =>
  conflict("custom_tool_name_taken", `The project already has a custom tool named '${name}'.`);

/** The sealed form of a header map (null without headers) and its names. */
export function sealHeaders(secrets: SecretBox, headers: Record<string, string>) {
  const names = Object.keys(headers);
  return {
    header_names: JSON.stringify(names),
    headers_sealed: names.length > 0 ? secrets.seal(JSON.stringify(headers)) : null,
  };
}

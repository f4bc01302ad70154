import type { ErrorDetail } from "../../infra/errors.js";
import { validateOutboundUrl } from "../../infra/outbound-http/address-policy.js";
import { builtinToolNames } from "../engine/index.js";
import { compileInputSchema } from "./input-schema.js";
import { RESERVED_HEADER_NAMES } from "./signing.js";
import { parseUrlTemplate, sampleUrl } from "./url-template.js";

/** What makes a custom tool callable: checked together on create, update and import. */
export interface ToolDefinition {
  name: string;
  input_schema: Record<string, unknown>;
  url: string;
  /** The header names it will have. */
  headerNames: string[];
}

/** An object schema without properties: a tool without arguments. */
export const NO_ARGUMENTS_SCHEMA: Record<string, unknown> = {
  type: "object",
  properties: {},
  additionalProperties: false,
};

const BUILTIN_NAMES = new Set(builtinToolNames());

/**
 * Prefixes of the tools integrations, payment terminals and MCP servers offer
 * (`github_create_issue`, `tbank_create_payment_link`, `mcp__shop__…`): a custom tool may not
 * take one, so it can never hide, or be hidden by, such a tool (docs/custom-tools.md).
 */
const RESERVED_PREFIXES = ["github_", "google_", "yandex_", "amocrm_", "bitrix24_", "tbank_", "mcp_"];

export function isBuiltinName(name: string): boolean {
  return BUILTIN_NAMES.has(name);
}

export function isReservedName(name: string): boolean {
  return isBuiltinName(name) || RESERVED_PREFIXES.some((prefix) => name.startsWith(prefix));
}

function propertiesOf(schema: Record<string, unknown>): { names: Set<string>; required: Set<string> } {
  const properties = schema.properties;
  const required = schema.required;
  return {
    names: new Set(
      typeof properties === "object" && properties !== null && !Array.isArray(properties)
        ? Object.keys(properties)
        : [],
    ),
    required: new Set(
      Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : [],
    ),
  };
}

/**
 * Problems with a definition, as validation details (422): a built-in's name, a schema that
 * does not compile, a URL that is not http(s) or is on a refused address, a placeholder that
 * is not an argument (path placeholders must be required ones), a reserved header.
 */
export function definitionProblems(definition: ToolDefinition, allowPrivate: boolean): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (isBuiltinName(definition.name)) {
    problems.push({ path: "name", message: `'${definition.name}' is the name of a built-in tool` });
  } else if (isReservedName(definition.name)) {
    problems.push({
      path: "name",
      message: `'${definition.name}' starts with a prefix reserved for integrations' and MCP servers' tools`,
    });
  }
  const compiled = compileInputSchema(definition.input_schema);
  if (!compiled.ok) {
    for (const message of compiled.problems) problems.push({ path: "input_schema", message });
  }
  const template = parseUrlTemplate(definition.url);
  if (!template.ok) {
    problems.push({ path: "url", message: template.reason });
  } else {
    const checked = validateOutboundUrl(sampleUrl(definition.url), allowPrivate);
    if (!checked.ok) problems.push({ path: "url", message: checked.reason });
    const { names, required } = propertiesOf(definition.input_schema);
    for (const placeholder of template.placeholders.path) {
      if (!names.has(placeholder) || !required.has(placeholder)) {
        problems.push({
          path: "url",
          message: `the path placeholder {${placeholder}} must be a required property of input_schema`,
        });
      }
    }
    for (const placeholder of template.placeholders.query) {
      if (!names.has(placeholder)) {
        problems.push({
          path: "url",
          message: `the query placeholder {${placeholder}} must be a property of input_schema`,
        });
      }
    }
  }
  problems.push(...headerNameProblems(definition.headerNames));
  return problems;
}

/** Headers Parley sets itself (the signature's, the body's framing), or one named twice. */
export function headerNameProblems(names: readonly string[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const header of names) {
    const lower = header.toLowerCase();
    if (RESERVED_HEADER_NAMES.has(lower)) {
      problems.push({ path: `headers.${header}`, message: "is set by Parley itself" });
    } else if (seen.has(lower)) {
      problems.push({ path: `headers.${header}`, message: "is named twice (header names ignore case)" });
    }
    seen.add(lower);
  }
  return problems;
}

/**
 * The test case editor's form <-> the API's EvalCase (docs/quality.md, "Versions and evaluations
 * in the console"). The form keeps every expectation's fields as text the person typed (JSON for
 * tool arguments and tool results), so a half-written value is never lost; `toCaseBody` checks
 * what the API would refuse anyway and names the field, with the API's own paths
 * (`messages.1.content`, `expectations.0.arguments`), so the API's 422 details land on the same
 * fields.
 */
import type { EvalCase, EvalCaseBody, EvalMessage, Expectation, ExpectationType } from "./api";

export interface MessageRow {
  key: string;
  role: EvalMessage["role"];
  content: string;
}

/** Every field any expectation type has; `type` says which are read. */
export interface ExpectationRow {
  key: string;
  type: ExpectationType;
  /** contains / not_contains */
  value: string;
  caseSensitive: boolean;
  /** tool_called / tool_not_called */
  tool: string;
  /** JSON object text; empty = any arguments. */
  arguments: string;
  /** hands_off */
  expected: boolean;
  /** max_tokens */
  maxTokens: number | "";
  /** rubric */
  criteria: string;
}

export interface CaseForm {
  name: string;
  messages: MessageRow[];
  expectations: ExpectationRow[];
  /** JSON object text: what tools that are not built in answer, by key. */
  toolResults: string;
}

/** Why a field is refused, as a key of the `evals` strings (`form.errors.<key>`). */
export type FieldError = "required" | "json" | "jsonObject" | "lastUser" | "positive" | "noMessages";

let sequence = 0;
const nextKey = () => `row${++sequence}`;

export function newMessageRow(role: EvalMessage["role"] = "user", content = ""): MessageRow {
  return { key: nextKey(), role, content };
}

export function newExpectationRow(type: ExpectationType = "contains"): ExpectationRow {
  return {
    key: nextKey(),
    type,
    value: "",
    caseSensitive: false,
    tool: "",
    arguments: "",
    expected: true,
    maxTokens: "",
    criteria: "",
  };
}

function expectationRow(expectation: Expectation): ExpectationRow {
  const row = newExpectationRow(expectation.type);
  switch (expectation.type) {
    case "contains":
    case "not_contains":
      return { ...row, value: expectation.value, caseSensitive: expectation.case_sensitive === true };
    case "tool_called":
    case "tool_not_called":
      return {
        ...row,
        tool: expectation.tool,
        arguments: expectation.arguments ? JSON.stringify(expectation.arguments, null, 2) : "",
      };
    case "hands_off":
      return { ...row, expected: expectation.expected };
    case "max_tokens":
      return { ...row, maxTokens: expectation.value };
    case "rubric":
      return { ...row, criteria: expectation.criteria };
  }
}

/** The form for an existing case, or for a new one (one empty user message, one expectation). */
export function toCaseForm(existing?: EvalCase): CaseForm {
  if (!existing) {
    return { name: "", messages: [newMessageRow()], expectations: [newExpectationRow()], toolResults: "" };
  }
  return {
    name: existing.name,
    messages: existing.messages.map((m) => newMessageRow(m.role, m.content)),
    expectations: existing.expectations.map(expectationRow),
    toolResults:
      Object.keys(existing.tool_results).length > 0 ? JSON.stringify(existing.tool_results, null, 2) : "",
  };
}

type Parsed = { ok: true; value: Record<string, unknown> | undefined } | { ok: false; error: FieldError };

/** A JSON object typed into a box; empty = none. */
export function parseJsonObject(text: string): Parsed {
  if (text.trim() === "") return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "json" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, error: "jsonObject" };
  return { ok: true, value: value as Record<string, unknown> };
}

function toExpectation(
  row: ExpectationRow,
  path: string,
  errors: Record<string, FieldError>,
): Expectation | null {
  switch (row.type) {
    case "contains":
    case "not_contains":
      if (row.value === "") {
        errors[`${path}.value`] = "required";
        return null;
      }
      return { type: row.type, value: row.value, ...(row.caseSensitive ? { case_sensitive: true } : {}) };
    case "tool_called":
    case "tool_not_called": {
      const parsed = parseJsonObject(row.arguments);
      if (row.tool.trim() === "") errors[`${path}.tool`] = "required";
      if (!parsed.ok) errors[`${path}.arguments`] = parsed.error;
      if (row.tool.trim() === "" || !parsed.ok) return null;
      return { type: row.type, tool: row.tool.trim(), ...(parsed.value ? { arguments: parsed.value } : {}) };
    }
    case "hands_off":
      return { type: "hands_off", expected: row.expected };
    case "max_tokens":
      if (row.maxTokens === "" || !Number.isInteger(row.maxTokens) || row.maxTokens <= 0) {
        errors[`${path}.value`] = "positive";
        return null;
      }
      return { type: "max_tokens", value: row.maxTokens };
    case "rubric":
      if (row.criteria.trim() === "") {
        errors[`${path}.criteria`] = "required";
        return null;
      }
      return { type: "rubric", criteria: row.criteria.trim() };
  }
}

/** The body for create / update, or the fields to fix (by the API's paths). */
export function toCaseBody(
  form: CaseForm,
): { ok: true; body: EvalCaseBody } | { ok: false; errors: Record<string, FieldError> } {
  const errors: Record<string, FieldError> = {};
  if (form.name.trim() === "") errors.name = "required";
  if (form.messages.length === 0) errors.messages = "noMessages";
  form.messages.forEach((message, index) => {
    if (message.content.trim() === "") errors[`messages.${index}.content`] = "required";
  });
  const last = form.messages.at(-1);
  if (last && last.role !== "user") errors[`messages.${form.messages.length - 1}.role`] = "lastUser";
  const expectations = form.expectations.map((row, index) =>
    toExpectation(row, `expectations.${index}`, errors),
  );
  const toolResults = parseJsonObject(form.toolResults);
  if (!toolResults.ok) errors.tool_results = toolResults.error;
  if (Object.keys(errors).length > 0 || !toolResults.ok) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: form.name.trim(),
      messages: form.messages.map((m) => ({ role: m.role, content: m.content })),
      expectations: expectations as Expectation[],
      tool_results: toolResults.value ?? {},
    },
  };
}

/** A case's one-line gist for the list: its last user message. */
export function caseGist(evalCase: Pick<EvalCase, "messages">): string {
  const last = [...evalCase.messages].reverse().find((m) => m.role === "user");
  const text = (last?.content ?? "").replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

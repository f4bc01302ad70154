import type { ErrorDetail } from "../../infra/errors.js";

/**
 * The `{{variables}}` of a canned response (docs/canned-responses.md, "Variables"). Rendering is
 * plain string substitution: a placeholder is replaced by its value (or its fallback) once, and
 * nothing in a value is read as a placeholder again or evaluated.
 */
export const CANNED_VARIABLES = [
  "contact.name",
  "contact.first_name",
  "contact.email",
  "operator.name",
  "bot.name",
  "project.name",
] as const;

export type CannedVariable = (typeof CANNED_VARIABLES)[number];
export type CannedValues = Record<CannedVariable, string | null>;

/** The longest fallback, so a placeholder stays a placeholder and not a paragraph. */
export const MAX_FALLBACK_LENGTH = 200;

/** `{{ name }}` or `{{ name|fallback }}`; the name is letters, digits, `_` and dots. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]*)\s*(?:\|([^{}\n]*))?\}\}/g;

interface Placeholder {
  start: number;
  end: number;
  name: string;
  fallback: string | undefined;
}

function placeholders(content: string): Placeholder[] {
  return [...content.matchAll(PLACEHOLDER)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    name: match[1]!,
    fallback: match[2],
  }));
}

const isKnown = (name: string): name is CannedVariable =>
  (CANNED_VARIABLES as readonly string[]).includes(name);

/**
 * What is wrong with a content's placeholders, each naming the variable or where the braces
 * are: an unknown variable, an empty name, a fallback too long, or `{{` / `}}` outside a
 * well-formed placeholder.
 */
export function templateProblems(content: string, path = "content"): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const found = placeholders(content);
  for (const { name, fallback } of found) {
    if (name === "") problems.push({ path, message: "a placeholder `{{}}` names no variable" });
    else if (!isKnown(name)) {
      problems.push({
        path,
        message: `unknown variable '${name}'; known: ${CANNED_VARIABLES.join(", ")}`,
      });
    } else if (fallback !== undefined && fallback.trim().length > MAX_FALLBACK_LENGTH) {
      problems.push({
        path,
        message: `the fallback of '${name}' is longer than ${MAX_FALLBACK_LENGTH} characters`,
      });
    }
  }
  // Braces left once the well-formed placeholders are cut out are malformed.
  let rest = "";
  let from = 0;
  for (const { start, end } of found) {
    rest += `${content.slice(from, start)}\u0000`;
    from = end;
  }
  rest += content.slice(from);
  const stray = /\{\{|\}\}/.exec(rest);
  if (stray) {
    const near = rest.slice(stray.index, stray.index + 24).split("\u0000")[0];
    problems.push({
      path,
      message: `malformed placeholder near '${near}': write {{variable}} or {{variable|fallback}}`,
    });
  }
  return problems;
}

/**
 * Fills every placeholder: its value when it has one (not null, not blank), else its fallback
 * (trimmed), else nothing. Assumes content that passed templateProblems; an unknown name
 * (stored before a variable was retired) is left as written.
 */
export function renderTemplate(content: string, values: CannedValues): string {
  let out = "";
  let from = 0;
  for (const { start, end, name, fallback } of placeholders(content)) {
    out += content.slice(from, start);
    from = end;
    if (!isKnown(name)) {
      out += content.slice(start, end);
      continue;
    }
    const value = values[name]?.trim();
    out += value ? value : (fallback?.trim() ?? "");
  }
  return out + content.slice(from);
}

/** The first word of a name: what `{{contact.first_name}}` shows. */
export function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * Maps the API's 422 `details[{path, message}]` onto the bot form. The settings route names
 * paths relative to its body (`ai.model.temperature`; a path may also arrive as
 * `settings.ai.…`), the bot route names `name` / `description`. A detail may carry several
 * paths joined by ", " (as ApiError.fieldErrors() reads them). Array items
 * (`ai.knowledge.vectorStoreIds.0`) belong to the list's control. Everything without a control
 * is returned in `other`, for an Alert that lists "path: message".
 */
import type { ApiErrorDetail } from "../../api/client";

export interface MappedErrors {
  /** Form path (`settings.ai.model.temperature`) → message. */
  fields: Record<string, string>;
  other: ApiErrorDetail[];
}

/** The settings paths that have a control on the form (without the `settings.` prefix). */
export const SETTINGS_FIELD_PATHS: readonly string[] = [
  "ai.instruction",
  "ai.model.id",
  "ai.model.temperature",
  "ai.model.max_tokens",
  "ai.model.top_p",
  "ai.model.frequency_penalty",
  "ai.model.presence_penalty",
  "ai.memory.lastMessages",
  "ai.memory.semanticRecall",
  "ai.memory.workingMemory.enabled",
  "ai.memory.generateTitle",
  "ai.formatting.removeEmojis",
  "ai.formatting.removeMarkdown",
  "ai.knowledge.vectorStoreIds",
];

export const PROFILE_FIELD_PATHS: readonly string[] = ["name", "description"];

/**
 * @param scope which request answered: its paths are relative to that body.
 * @param extraFieldPaths settings paths with a control besides the fixed ones: `ai.tools.<name>`
 *   for every tool row on the form.
 */
export function mapApiErrors(
  details: readonly ApiErrorDetail[],
  scope: "settings" | "profile",
  extraFieldPaths: readonly string[] = [],
): MappedErrors {
  const known = new Set(
    scope === "settings" ? [...SETTINGS_FIELD_PATHS, ...extraFieldPaths] : PROFILE_FIELD_PATHS,
  );
  const fields: Record<string, string> = {};
  const other: ApiErrorDetail[] = [];
  for (const detail of details) {
    for (const rawPath of detail.path.split(", ")) {
      const path = fieldFor(stripScope(rawPath.trim(), scope), known);
      if (path === null) {
        other.push({ path: rawPath.trim() || "(body)", message: detail.message });
        continue;
      }
      const key = `${scope}.${path}`;
      fields[key] =
        fields[key] && fields[key] !== detail.message ? `${fields[key]}; ${detail.message}` : detail.message;
    }
  }
  return { fields, other };
}

function stripScope(path: string, scope: "settings" | "profile"): string {
  return path.startsWith(`${scope}.`) ? path.slice(scope.length + 1) : path;
}

/** The control's path for an error path, dropping trailing array indexes; null if none. */
function fieldFor(path: string, known: Set<string>): string | null {
  const parts = path.split(".");
  while (parts.length > 0) {
    const candidate = parts.join(".");
    if (known.has(candidate)) return candidate;
    if (!/^\d+$/.test(parts[parts.length - 1]!)) return null;
    parts.pop();
  }
  return null;
}

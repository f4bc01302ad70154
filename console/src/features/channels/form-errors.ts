import { ApiError } from "../../api/client";
import { splitFieldErrors } from "./auth-data-schema";

export interface PlacedErrors {
  /** Messages by body path (`name`, `auth_data.token`), for inputs the form has. */
  fields: Record<string, string>;
  /** Field errors without an input, listed above the form. */
  unplaced: Array<{ path: string; message: string }>;
}

/**
 * Where a failed request's errors go: 422 `details` at the inputs they name; a known conflict
 * `code` (409 `chat_name_taken`) at the input it is about, via `codeToPath`.
 */
export function placeErrors(
  error: unknown,
  knownPaths: string[],
  codeToPath: Record<string, string> = {},
): PlacedErrors {
  if (!(error instanceof ApiError)) return { fields: {}, unplaced: [] };
  const { fields, other } = splitFieldErrors(error.fieldErrors(), knownPaths);
  const path = codeToPath[error.code];
  if (path && knownPaths.includes(path)) fields[path] ??= error.message;
  return { fields, unplaced: other };
}

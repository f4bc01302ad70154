import type { CannedResponse, CannedResponseBody } from "./api";

/** Pure rules of the canned response drawer's form. */

/** The variables the API accepts (docs/canned-responses.md, "Variables"), offered in the drawer. */
export const CANNED_VARIABLES = [
  "contact.name",
  "contact.first_name",
  "contact.email",
  "operator.name",
  "bot.name",
  "project.name",
] as const;

export const MAX_CONTENT = 4000;
export const MAX_CODE = 32;

export interface CannedForm {
  shortCode: string;
  title: string;
  content: string;
}

export type CannedFieldError = "codeRequired" | "codeChars" | "contentRequired";

export function toCannedForm(existing: CannedResponse | undefined): CannedForm {
  return existing
    ? { shortCode: existing.short_code, title: existing.title ?? "", content: existing.content }
    : { shortCode: "", title: "", content: "" };
}

/**
 * The body to send, or what to fix first. The code is lowercased as the API stores it; a
 * leading `/` (as typed in the composer) is dropped. Placeholders are the API's to check.
 */
export function toCannedBody(
  form: CannedForm,
):
  | { ok: true; body: CannedResponseBody }
  | { ok: false; errors: Partial<Record<"short_code" | "content", CannedFieldError>> } {
  const code = form.shortCode.trim().replace(/^\//, "").toLowerCase();
  const errors: Partial<Record<"short_code" | "content", CannedFieldError>> = {};
  if (code === "") errors.short_code = "codeRequired";
  else if (!/^[a-z0-9_-]{1,32}$/.test(code)) errors.short_code = "codeChars";
  if (form.content.trim() === "") errors.content = "contentRequired";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const title = form.title.trim();
  return { ok: true, body: { short_code: code, title: title === "" ? null : title, content: form.content } };
}

/** The content with `{{variable}}` put at the caret (the drawer's variable buttons). */
export function insertVariable(
  content: string,
  caret: number,
  variable: string,
): { content: string; caret: number } {
  const at = Math.max(0, Math.min(caret, content.length));
  const placeholder = `{{${variable}}}`;
  return { content: content.slice(0, at) + placeholder + content.slice(at), caret: at + placeholder.length };
}

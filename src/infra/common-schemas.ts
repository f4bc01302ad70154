import { z } from "zod";

/** The answer of every delete operation (docs/api.md). */
export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "Deleted" });

/** Names of projects, keys and bots: trimmed, 1 to 200 characters. */
export const resourceNameSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters");

/** Bounds of every free-form JSON map a client sends (settings, auth_data). */
export const FREE_FORM_MAX_DEPTH = 10;
export const FREE_FORM_MAX_BYTES = 32 * 1024;

/** How deep a JSON value nests (an empty object or array counts 1), without recursion. */
function nestingDepth(root: unknown): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/**
 * A free-form JSON object sent by a client (chat and integration settings, auth_data): any
 * keys and values, nested at most FREE_FORM_MAX_DEPTH levels and at most FREE_FORM_MAX_BYTES
 * as JSON, so that no stored map is too large or too deep to handle safely.
 */
export function freeFormObjectSchema() {
  return z.record(z.string(), z.unknown(), { error: "must be a JSON object" }).superRefine((value, ctx) => {
    if (nestingDepth(value) > FREE_FORM_MAX_DEPTH) {
      ctx.addIssue({ code: "custom", message: `must not nest deeper than ${FREE_FORM_MAX_DEPTH} levels` });
      return;
    }
    if (Buffer.byteLength(JSON.stringify(value)) > FREE_FORM_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: `must be at most ${FREE_FORM_MAX_BYTES} bytes as JSON` });
    }
  });
}

/** `default`, or a language tag's primary subtag (`en`, `ru`, `de`), optionally with a region. */
const TEXT_LANGUAGE_KEY = /^(default|[a-z]{2,3}(-[A-Za-z0-9]{2,8})?)$/;
const MAX_TEXT_LANGUAGES = 20;

/**
 * A text the customer is sent in their language (an out-of-hours message, a survey question):
 * `default` and, optionally, one per language code. `what` names it in the errors.
 */
export function textPerLanguageSchema(what: string, maxLength: number) {
  return z
    .record(z.string(), z.string().trim().min(1, "must not be empty").max(maxLength))
    .superRefine((texts, context) => {
      const keys = Object.keys(texts);
      if (!("default" in texts)) {
        context.addIssue({ code: "custom", message: `needs a \`default\` ${what}`, path: ["default"] });
      }
      if (keys.length > MAX_TEXT_LANGUAGES) {
        context.addIssue({ code: "custom", message: `at most ${MAX_TEXT_LANGUAGES} languages`, path: [] });
      }
      for (const key of keys) {
        if (!TEXT_LANGUAGE_KEY.test(key)) {
          context.addIssue({
            code: "custom",
            message: "must be `default` or a language code such as `en` or `ru`",
            path: [key],
          });
        }
      }
    });
}

import type { App } from "./http-types.js";

/**
 * Registers routes in their own plugin scope that takes any content type as raw text: for
 * endpoints third parties call (vendor webhooks, payment notifications), whose signatures are
 * computed over the exact bytes and whose bodies are JSON, forms or text.
 */
export async function rawBodyScope(app: App, register: (scope: App) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    register(scope as unknown as App);
  });
}

/** Query values as single strings (the first of repeated ones). */
export function stringQuery(query: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string") result[key] = value;
    else if (Array.isArray(value) && typeof value[0] === "string") result[key] = value[0];
  }
  return result;
}

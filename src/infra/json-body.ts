import type { FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";
import { ApiError } from "./errors.js";
import type { App } from "./http-types.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The body exactly as received, for idempotency fingerprints. */
    rawBody?: string;
  }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * JSON bodies: an empty body counts as no body (so `curl -X POST -H 'Content-Type:
 * application/json'` works on operations without one); prototype poisoning is refused;
 * anything that is not a JSON object is a 400 (docs/api.md).
 */
export function installJsonBodyParsing(app: App): void {
  // Only JSON is accepted: removing the built-in text/plain parser makes other types a 400.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string" },
    (request: FastifyRequest, body, done) => {
      const text = body as string;
      request.rawBody = text;
      if (text.trim() === "") return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = secureJson.parse(text, { protoAction: "error", constructorAction: "error" });
      } catch (error) {
        const poisoned = error instanceof SyntaxError && /prototype/.test(error.message);
        const message = poisoned
          ? "The body contains a forbidden key (__proto__ or constructor.prototype)."
          : "The body is not valid JSON.";
        return done(new ApiError(400, "invalid_json", message), undefined);
      }
      if (!isPlainObject(parsed)) {
        return done(new ApiError(400, "invalid_body", "The body must be a JSON object."), undefined);
      }
      done(null, parsed);
    },
  );
}

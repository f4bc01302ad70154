import { createHash } from "node:crypto";

/**
 * A short, stable name for a bot's settings document as stored (docs/quality.md, "Versions"):
 * what a trace says it answered with, and what an evaluation run was run on.
 */
export function settingsVersion(settings: string): string {
  return createHash("sha256").update(settings).digest("hex").slice(0, 12);
}

/** The failure codes the inbox explains in its own words (docs/conversations.md, "Failed replies"). */
const KNOWN_CODES = new Set(["model_error", "model_timeout", "model_unavailable", "insufficient_credits"]);

/** The locale key that explains a failed reply's code; any other code reads as a general failure. */
export function failureReasonKey(code: string): string {
  return `replyFailure.reason.${KNOWN_CODES.has(code) ? code : "other"}`;
}

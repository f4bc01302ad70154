/**
 * A tool declining a well-formed call (a time in the past, say). Thrown from `execute`, it
 * becomes a `tool-error` whose message the model reads and can act on; the turn goes on.
 * Anything else thrown from a tool is a bug, though the model sees its message just the same.
 */
export class ToolRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolRefusal";
  }
}

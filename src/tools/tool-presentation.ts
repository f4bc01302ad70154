/**
 * How a tool is shown to people — operators in the console, end users asked to approve a call —
 * as opposed to its model-facing description, which stays written for the model
 * (docs/agent.md, "Tool titles and summaries"). Languages are data: a language is one more key
 * in LANGUAGES and in every Localized text (the type checker then names each text to write).
 */

/** The languages Parley speaks to people in, the first the default. */
export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** One text in every language. */
export type Localized = Readonly<Record<Language, string>>;

/** A call's arguments as the formatter gets them: the object the model gave (validated or not). */
export type ToolArgs = Readonly<Record<string, unknown>>;

export interface ToolPresentation {
  /** A short name for the action, e.g. "Follow-up message". */
  title: Localized;
  /** One or two sentences on what it does, for an operator choosing tools. */
  summary: Localized;
  /**
   * The action a `user_approve` question asks about, with the call's key arguments in human
   * form, as the words after "May I …" / "Можно …": e.g. "schedule a follow-up message to
   * you in 1 hour: “Did the parcel arrive?”". Undefined (or no formatter): the generic phrase.
   */
  ask?: (args: ToolArgs, language: Language) => string | undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** `text` cut to `max` characters (an ellipsis included), whitespace runs made single spaces. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** A user's or the model's text quoted the way the language quotes: “…” or «…». */
export function quote(text: string, language: Language, max = 120): string {
  const inner = truncate(text, max);
  return language === "ru" ? `«${inner}»` : `“${inner}”`;
}

/** A string argument, when the call has a non-empty one. */
export function textArg(args: ToolArgs, key: string): string | undefined {
  const value = args[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** A number argument, when the call has a finite one. */
/** " (reason: «…»)" from the call's `reason` argument, or "" without one: what hand-off and resolve questions append. */
export function reasonSuffix(args: ToolArgs, language: Language): string {
  const reason = textArg(args, "reason");
  return reason ? ` (${language === "ru" ? "причина" : "reason"}: ${quote(reason, language, 100)})` : "";
}

export function numberArg(args: ToolArgs, key: string): number | undefined {
  const value = args[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

const GENERIC_ARGS = 3;
const GENERIC_VALUE_MAX = 60;

/**
 * The action of a tool without a formatter of its own (custom and MCP tools, or a formatter
 * that had nothing to say): its title and its first few scalar arguments, each truncated —
 * `use “Create ticket” (subject: Broken screen, priority: 2)`.
 */
export function genericAsk(title: string, args: ToolArgs, language: Language): string {
  const shown = Object.entries(args)
    .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value) && value !== "")
    .slice(0, GENERIC_ARGS)
    .map(([key, value]) => `${key}: ${truncate(String(value), GENERIC_VALUE_MAX)}`);
  const details = shown.length > 0 ? ` (${shown.join(", ")})` : "";
  return language === "ru"
    ? `выполнить действие ${quote(title, language)}${details}`
    : `use ${quote(title, language)}${details}`;
}

/**
 * Times and durations in the words of a confirmation question ("in 2 hours", "через 2 часа",
 * "on 21 November 2026 at 15:00"): what tool formatters (tool-presentation.ts) build on.
 */
import type { Language } from "./tool-presentation.js";

const UNITS: Record<
  Language,
  Record<"day" | "hour" | "minute", Partial<Record<Intl.LDMLPluralRule, string>>>
> = {
  en: {
    day: { one: "day", other: "days" },
    hour: { one: "hour", other: "hours" },
    minute: { one: "minute", other: "minutes" },
  },
  ru: {
    day: { one: "день", few: "дня", many: "дней", other: "дня" },
    hour: { one: "час", few: "часа", many: "часов", other: "часа" },
    minute: { one: "минуту", few: "минуты", many: "минут", other: "минуты" },
  },
};

function count(n: number, unit: "day" | "hour" | "minute", language: Language): string {
  const forms = UNITS[language][unit];
  const rule = new Intl.PluralRules(language).select(n);
  return `${n} ${forms[rule] ?? forms.other}`;
}

/** "in 1 hour 30 minutes" / "через 1 час 30 минут": whole days, else hours and minutes. */
export function inMinutes(minutes: number, language: Language): string {
  const whole = Math.max(0, Math.round(minutes));
  let parts: string[];
  if (whole >= 1440 && whole % 1440 === 0) parts = [count(whole / 1440, "day", language)];
  else if (whole >= 60) {
    const hours = Math.floor(whole / 60);
    const rest = whole % 60;
    parts = [count(hours, "hour", language), ...(rest > 0 ? [count(rest, "minute", language)] : [])];
  } else parts = [count(whole, "minute", language)];
  return `${language === "ru" ? "через" : "in"} ${parts.join(" ")}`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 date or date-time as written, in the reader's words and the offset it was given
 * in (never converted: the model chose that zone for the person) — "on 21 November 2026 at
 * 15:00 (UTC+03:00)" / "21 ноября 2026 в 15:00 (UTC+03:00)". Anything else comes back as is.
 */
export function atDateTime(value: string, language: Language): string {
  const match = ISO.exec(value.trim());
  if (!match) return value;
  const [, year, month, day, hour, minute, offset] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(date.getTime())) return value;
  const dayText = new Intl.DateTimeFormat(language === "ru" ? "ru-RU" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })
    .format(date)
    .replace(/\s*г\.$/, "");
  const zone = offset === undefined ? "" : offset === "Z" ? " (UTC)" : ` (UTC${offset})`;
  const time = hour === undefined ? "" : `${language === "ru" ? " в" : " at"} ${hour}:${minute}${zone}`;
  return `${language === "ru" ? "" : "on "}${dayText}${time}`;
}

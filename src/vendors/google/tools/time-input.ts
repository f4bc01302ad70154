import { z } from "zod";
import { ToolRefusal } from "../../../tools/tool-refusal.js";
import { DATE_OR_DATE_TIME, isTimeZone, parseTimeInput } from "./zoned-time.js";

/** A time zone input: an IANA name Intl knows. */
export const timeZoneInput = z
  .string()
  .refine(isTimeZone, "must be an IANA time zone such as Europe/Moscow")
  .describe("IANA time zone, e.g. Europe/Moscow.");

/** A date or date-time input (the zone, when it has no offset, is resolved at run time). */
export function timeInput(description: string, options: { dateAllowed: boolean }) {
  const example = options.dateAllowed
    ? "2026-03-10, 2026-03-10T14:00 or 2026-03-10T14:00:00+03:00"
    : "2026-03-10T14:00 or 2026-03-10T14:00:00+03:00";
  return z
    .string()
    .trim()
    .regex(DATE_OR_DATE_TIME, `must be ISO 8601, e.g. ${example}`)
    .refine(
      (text) => options.dateAllowed || /[T ]\d{2}:\d{2}/.test(text),
      "must include a time, e.g. 2026-03-10T14:00",
    )
    .describe(`${description} E.g. ${example}.`);
}

/** Reads a checked time input in the zone; a refusal naming the field when it names no real time. */
export function readTime(field: string, text: string, zone: string, edge: "start" | "end"): number {
  const instant = parseTimeInput(text, zone, edge);
  if (instant === undefined) throw new ToolRefusal(`${field} '${text}' is not a real date or time`);
  return instant;
}

import { z } from "zod";
import { validationFailed } from "../../infra/errors.js";

/** Opaque page cursors of the contact lists: a keyset position (contacts) or an offset (threads). */
type CursorState = { k: [string, string] } | { o: number };

const MAX_OFFSET = 1_000_000;
// The position's time is compared with a timestamp column: anything but an ISO time is refused
// here, not by PostgreSQL.
const keysetSchema = z.strictObject({
  k: z.tuple([z.iso.datetime({ offset: true }), z.string().min(1).max(128)]),
});
const offsetSchema = z.strictObject({ o: z.number().int().min(0).max(MAX_OFFSET) });

export function encodeContactCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString("base64url");
}

/** Only what encodeContactCursor issued for this list decodes; anything else is 422. */
export function decodeContactCursor(cursor: string, kind: "k"): [string, string];
export function decodeContactCursor(cursor: string, kind: "o"): number;
export function decodeContactCursor(cursor: string, kind: "k" | "o"): [string, string] | number {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  if (kind === "k") {
    const parsed = keysetSchema.safeParse(value);
    if (parsed.success) return parsed.data.k;
  } else {
    const parsed = offsetSchema.safeParse(value);
    if (parsed.success) return parsed.data.o;
  }
  throw validationFailed([{ path: "cursor", message: "is not a cursor this list issued" }]);
}

import { ToolRefusal } from "../../../tools/tool-refusal.js";

/** Where new deals go, from the integration's `settings` (docs/channels.md, "Bitrix24"); all optional. */
export interface DealSettings {
  /** `deal_category_id`: the pipeline (`CATEGORY_ID`); default the portal's main pipeline. */
  categoryId?: number;
  /** `deal_source_id`: the source (`SOURCE_ID`, e.g. `WEB`, `CALL`, or a custom one). */
  sourceId?: string;
  /** `deal_assigned_by_id`: the user responsible (`ASSIGNED_BY_ID`); default the user who connected. */
  assignedById?: number;
}

function idSetting(settings: Record<string, unknown>, key: string): number | undefined {
  const value = settings[key];
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 0) {
    throw new ToolRefusal(
      `The Bitrix24 integration's settings.${key} is not valid: it must be a numeric id; an administrator must fix it.`,
    );
  }
  return number;
}

/** The deal settings, validated when the tool runs: a malformed one is a refusal naming the key. */
export function dealSettings(settings: Record<string, unknown>): DealSettings {
  const source = settings.deal_source_id;
  if (
    source !== undefined &&
    source !== null &&
    (typeof source !== "string" || !/^[A-Za-z0-9_|.-]{1,50}$/.test(source))
  ) {
    throw new ToolRefusal(
      "The Bitrix24 integration's settings.deal_source_id is not valid: it must be a source code such as WEB; an administrator must fix it.",
    );
  }
  const categoryId = idSetting(settings, "deal_category_id");
  const assignedById = idSetting(settings, "deal_assigned_by_id");
  return {
    ...(categoryId !== undefined ? { categoryId } : {}),
    ...(typeof source === "string" && source !== "" ? { sourceId: source } : {}),
    ...(assignedById !== undefined ? { assignedById } : {}),
  };
}

import { ToolRefusal } from "../../../tools/tool-refusal.js";

/** Where new leads go, from the integration's `settings` (docs/channels.md, "amoCRM"); all optional. */
export interface LeadSettings {
  /** `lead_pipeline_id`: the pipeline; default the account's main one. */
  pipelineId?: number;
  /** `lead_status_id`: the stage (of that pipeline, else of the main one); default the first stage. */
  statusId?: number;
  /** `lead_responsible_user_id`: the user responsible for the lead and contact; default amoCRM's choice. */
  responsibleUserId?: number;
}

function idSetting(settings: Record<string, unknown>, key: string): number | undefined {
  const value = settings[key];
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number <= 0) {
    throw new ToolRefusal(
      `The amoCRM integration's settings.${key} is not valid: it must be a numeric id; an administrator must fix it.`,
    );
  }
  return number;
}

/** The lead settings, validated when the tool runs: a malformed one is a refusal naming the key. */
export function leadSettings(settings: Record<string, unknown>): LeadSettings {
  const pipelineId = idSetting(settings, "lead_pipeline_id");
  const statusId = idSetting(settings, "lead_status_id");
  const responsibleUserId = idSetting(settings, "lead_responsible_user_id");
  return {
    ...(pipelineId !== undefined ? { pipelineId } : {}),
    ...(statusId !== undefined ? { statusId } : {}),
    ...(responsibleUserId !== undefined ? { responsibleUserId } : {}),
  };
}

/**
 * The bot page's form <-> API mapping. The form holds the bot's profile (name, description:
 * POST /v1/bots/:id) and its settings document exactly as GET /v1/bots/:id/settings returns it
 * (POST /v1/bots/:id/settings), so a form path is the API path with a `profile.` or `settings.`
 * prefix and validation errors map back without a table. Unknown fields the server may add
 * later stay in the document and round-trip untouched.
 */
import type { Bot, BotSettings } from "./bots-api";

export interface BotFormValues {
  profile: { name: string; description: string };
  settings: BotSettings;
}

/**
 * Bounds of the numeric settings, from the BotSettings schema in OpenAPI (and docs/api.md,
 * "Defaults and bounds"). `integer` fields take no decimals; max_tokens is exclusiveMinimum 0.
 */
export const NUMBER_BOUNDS = {
  "ai.model.temperature": { min: 0, max: 2, step: 0.1, integer: false },
  "ai.model.max_tokens": { min: 1, max: 1_000_000, step: 1, integer: true },
  "ai.model.top_p": { min: 0, max: 1, step: 0.05, integer: false },
  "ai.model.frequency_penalty": { min: -2, max: 2, step: 0.1, integer: false },
  "ai.model.presence_penalty": { min: -2, max: 2, step: 0.1, integer: false },
  "ai.memory.lastMessages": { min: 0, max: 100, step: 1, integer: true },
} as const;

export const INSTRUCTION_MAX_LENGTH = 100_000;
export const MAX_VECTOR_STORES = 10;

/** The model parameters that may be null ("the provider's default"). */
export const MODEL_PARAMETERS = [
  "temperature",
  "max_tokens",
  "top_p",
  "frequency_penalty",
  "presence_penalty",
] as const;
export type ModelParameter = (typeof MODEL_PARAMETERS)[number];

export function toFormValues(bot: Bot, settings: BotSettings): BotFormValues {
  return {
    profile: { name: bot.name, description: bot.description ?? "" },
    settings: structuredClone(settings),
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]))
    );
  }
  return false;
}

/**
 * The partial document that turns `before` into `after` under the API's merge rules: objects
 * merge key by key, so only changed keys are sent; a key that disappeared is sent as `null`
 * (that removes a tool from `ai.tools`; on a field that cannot be unset the API answers 422,
 * which the form shows); arrays and scalars are replaced whole. `undefined` = nothing changed.
 */
export function diffDocument(before: unknown, after: unknown): Json | undefined {
  if (deepEqual(before, after)) return undefined;
  if (isPlainObject(before) && isPlainObject(after)) {
    const patch: Record<string, Json> = {};
    for (const [key, value] of Object.entries(after)) {
      if (value === undefined) continue;
      const change = diffDocument(before[key], value);
      if (change !== undefined) patch[key] = change;
    }
    for (const key of Object.keys(before)) {
      if (!(key in after) || after[key] === undefined) patch[key] = null;
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  return (after ?? null) as Json;
}

export interface BotSavePlan {
  /** Body for POST /v1/bots/:id, or null when the name and description did not change. */
  profile: { name?: string; description?: string | null } | null;
  /** Body for POST /v1/bots/:id/settings, or null when no setting changed. */
  settings: Json | null;
}

/** What Save sends: only the fields that differ from what the server last answered. */
export function planSave(saved: BotFormValues, edited: BotFormValues): BotSavePlan {
  const profile: { name?: string; description?: string | null } = {};
  const name = edited.profile.name.trim();
  if (name !== saved.profile.name) profile.name = name;
  const description = edited.profile.description.trim() === "" ? null : edited.profile.description;
  const savedDescription = saved.profile.description === "" ? null : saved.profile.description;
  if (description !== savedDescription) profile.description = description;
  return {
    profile: Object.keys(profile).length > 0 ? profile : null,
    settings: diffDocument(saved.settings, edited.settings) ?? null,
  };
}

/** A NumberInput's value ("" when cleared) as the API wants it: null = unset. */
export function numberOrNull(value: number | string): number | null {
  if (value === "" || value === null) return null;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * Parses the "Advanced: JSON" editor's text into a settings document. The shape is checked
 * only as far as the form needs to render it (an object with an `ai` object); field values are
 * left for the API to validate, so its 422 answers stay the single source of truth.
 */
export function parseSettingsJson(
  text: string,
): { ok: true; settings: BotSettings } | { ok: false; reason: "syntax" | "shape"; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: "syntax", message: (error as Error).message };
  }
  if (!isPlainObject(parsed) || !isPlainObject(parsed.ai)) {
    return { ok: false, reason: "shape", message: "ai" };
  }
  return { ok: true, settings: parsed as unknown as BotSettings };
}

/**
 * Fills what the form controls read (objects and lists) when a hand-edited JSON document
 * left them out, so the controls render; fields left out are still sent as removed (null) and
 * answered by the API. Values the user did write are kept as they are.
 */
export function withRenderableShape(settings: BotSettings): BotSettings {
  const ai = (isPlainObject(settings.ai) ? settings.ai : {}) as Partial<BotSettings["ai"]>;
  const memory = (isPlainObject(ai.memory) ? ai.memory : {}) as Partial<BotSettings["ai"]["memory"]>;
  const knowledge = (isPlainObject(ai.knowledge) ? ai.knowledge : {}) as Partial<
    BotSettings["ai"]["knowledge"]
  >;
  return {
    ...settings,
    ai: {
      ...ai,
      model: (isPlainObject(ai.model) ? ai.model : {}) as BotSettings["ai"]["model"],
      memory: {
        ...memory,
        workingMemory: (isPlainObject(memory.workingMemory) ? memory.workingMemory : {}) as {
          enabled: boolean;
        },
      } as BotSettings["ai"]["memory"],
      formatting: (isPlainObject(ai.formatting) ? ai.formatting : {}) as BotSettings["ai"]["formatting"],
      tools: (isPlainObject(ai.tools) ? ai.tools : {}) as BotSettings["ai"]["tools"],
      knowledge: {
        ...knowledge,
        vectorStoreIds: Array.isArray(knowledge.vectorStoreIds) ? knowledge.vectorStoreIds : [],
      },
    } as BotSettings["ai"],
  };
}

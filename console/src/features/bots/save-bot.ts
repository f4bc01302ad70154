/**
 * Saving the bot page: the profile (POST /v1/bots/:id, live at once) and the settings, which go
 * to the bot's draft (POST /v1/bots/:id/draft; customers keep the published version until the
 * draft is published: docs/quality.md, "Versions and evaluations in the console"). They are
 * separate requests; each may succeed while the other fails. The outcome says what the server
 * now holds and which errors go where (settings-errors.ts).
 */
import { ApiError, type ApiErrorDetail } from "../../api/client";
import { type Draft, saveDraft } from "../versions/api";
import { type Bot, type BotSettings, updateBot } from "./bots-api";
import { mapApiErrors } from "./settings-errors";
import type { BotFormValues, BotSavePlan } from "./settings-form";

export interface SaveOutcome {
  /** The bot as answered, when its profile was saved. */
  bot: Bot | null;
  /** The whole settings document as answered, when settings were saved. */
  settings: BotSettings | null;
  /** The draft as answered (its version and the version it is based on), when settings were saved. */
  draft: Draft | null;
  fieldErrors: Record<string, string>;
  /** Validation errors without a control on the form. */
  otherErrors: ApiErrorDetail[];
  /** Every validation error, for the JSON editor (which shows no fields). */
  allErrors: ApiErrorDetail[];
  /** A failure that is not a validation error (network, 403, 409 …). */
  failure: unknown;
}

export interface SaveCalls {
  updateBot: typeof updateBot;
  saveDraft: typeof saveDraft;
}

export async function saveBot(
  botId: string,
  plan: BotSavePlan,
  toolFieldPaths: readonly string[],
  calls: SaveCalls = { updateBot, saveDraft },
): Promise<SaveOutcome> {
  const [profile, settings] = await Promise.allSettled([
    plan.profile ? calls.updateBot(botId, plan.profile) : Promise.resolve(null),
    plan.settings !== null ? calls.saveDraft(botId, plan.settings) : Promise.resolve(null),
  ]);
  const outcome: SaveOutcome = {
    bot: profile.status === "fulfilled" ? profile.value : null,
    settings: settings.status === "fulfilled" && settings.value ? settings.value.settings : null,
    draft: settings.status === "fulfilled" ? settings.value : null,
    fieldErrors: {},
    otherErrors: [],
    allErrors: [],
    failure: null,
  };
  for (const [result, scope] of [
    [profile, "profile"],
    [settings, "settings"],
  ] as const) {
    if (result.status === "fulfilled") continue;
    const error = result.reason;
    if (error instanceof ApiError && error.status === 422 && error.details.length > 0) {
      const mapped = mapApiErrors(error.details, scope, toolFieldPaths);
      Object.assign(outcome.fieldErrors, mapped.fields);
      outcome.otherErrors.push(...mapped.other);
      outcome.allErrors.push(
        ...error.details.map((d) => (scope === "profile" ? { ...d, path: `profile.${d.path}` } : d)),
      );
    } else {
      outcome.failure ??= error;
    }
  }
  return outcome;
}

/** What the server holds after a save: the answered parts replace the old baseline. */
export function baselineAfter(baseline: BotFormValues, outcome: SaveOutcome): BotFormValues {
  return {
    profile: outcome.bot
      ? { name: outcome.bot.name, description: outcome.bot.description ?? "" }
      : baseline.profile,
    settings: outcome.settings ? structuredClone(outcome.settings) : baseline.settings,
  };
}

/** The form after a save: saved parts show the server's answer, failed parts keep the edits. */
export function valuesAfter(edited: BotFormValues, outcome: SaveOutcome): BotFormValues {
  return {
    profile: outcome.bot
      ? { name: outcome.bot.name, description: outcome.bot.description ?? "" }
      : edited.profile,
    settings: outcome.settings ? structuredClone(outcome.settings) : edited.settings,
  };
}

/** `ai.tools.<name>` for each tool row the form shows, for error mapping. */
export function toolFieldPaths(
  builtinNames: readonly string[],
  enabled: Readonly<Record<string, unknown>>,
): string[] {
  return [...new Set([...builtinNames, ...Object.keys(enabled)])].map((name) => `ai.tools.${name}`);
}

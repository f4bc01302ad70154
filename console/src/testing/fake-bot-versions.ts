/**
 * An in-memory bot with versions, for component tests of the bot page: the routes of the API
 * contract the console uses (docs/quality.md, "Versions and evaluations in the console") with
 * just enough behaviour — drafts merge patches, publishing moves the published version and
 * applies the evaluation gate, rollback returns to the version published before.
 */
import type { Bot, BotSettings, CatalogModel } from "../features/bots/bots-api";
import type { EvalRun } from "../features/evals/api";
import type { BotVersion } from "../features/versions/api";
import type { FakeRoute } from "./fake-api";
import { jsonResponse } from "./render";

export const baseSettings: BotSettings = {
  ai: {
    instruction: "You answer questions about orders.\nBe brief.",
    model: {
      id: "openai/gpt-5",
      temperature: null,
      max_tokens: null,
      top_p: null,
      frequency_penalty: null,
      presence_penalty: null,
    },
    memory: {
      lastMessages: 10,
      semanticRecall: false,
      workingMemory: { enabled: false },
      generateTitle: false,
    },
    formatting: { removeEmojis: false, removeMarkdown: false },
    tools: {},
    knowledge: { vectorStoreIds: [] },
    failure: { handoff: false },
  },
};

export const catalog: CatalogModel[] = [
  {
    id: "openai/gpt-5",
    provider: "openai",
    name: "gpt-5",
    note: null,
    context_window: 400000,
    images: true,
    pricing: {
      input_usd_per_million: 1,
      output_usd_per_million: 1,
      input_credits_per_million: 1,
      output_credits_per_million: 1,
    },
    configured: true,
    local: null,
  },
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function merge(target: unknown, patch: unknown): unknown {
  if (!isObject(target) || !isObject(patch)) return patch;
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(patch)) out[key] = merge(target[key], value);
  return out;
}

function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else out.set(prefix, value);
  return out;
}

interface StoredVersion extends BotVersion {
  settings: BotSettings;
}

export interface FakeBotOptions {
  publishRequiresEvals?: boolean;
  runs?: EvalRun[];
}

/** A bot whose v1..v3 exist and v3 is published (v2 was published before it). */
export function fakeBotWithVersions(options: FakeBotOptions = {}) {
  let clock = Date.parse("2026-01-01T10:00:00.000Z");
  const now = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };
  const versions: StoredVersion[] = [];
  const make = (settings: BotSettings, source: BotVersion["source"], state: BotVersion["state"]) => {
    const number = versions.length + 1;
    const version: StoredVersion = {
      id: `bver_${number}`,
      bot_id: "bot_1",
      version: number,
      settings_version: String(number).repeat(12).slice(0, 12),
      source,
      note: null,
      created_at: now(),
      published_at: state === "published" ? now() : null,
      state,
      settings,
    };
    versions.push(version);
    return version;
  };
  make(baseSettings, "created", "archived").published_at = now();
  make(
    merge(baseSettings, { ai: { instruction: "Old." } }) as BotSettings,
    "settings",
    "archived",
  ).published_at = now();
  make(baseSettings, "settings", "published");
  const state = {
    published: 3,
    draft: null as number | null,
    requiresEvals: options.publishRequiresEvals ?? false,
    runs: options.runs ?? [],
  };
  const get = (n: number) => versions.find((v) => v.version === n)!;
  const resolve = (ref: string) =>
    ref === "published"
      ? get(state.published)
      : ref === "draft"
        ? get(state.draft ?? state.published)
        : get(Number(ref));
  const summary = ({ settings: _settings, ...rest }: StoredVersion): BotVersion => rest;
  const bot = (): Bot => ({
    id: "bot_1",
    name: "Support",
    description: null,
    status: "active",
    project_id: "prj_1",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    published_version: state.published,
    draft_version: state.draft,
    publish_requires_evals: state.requiresEvals,
  });
  const draft = () => ({
    version: state.draft,
    based_on: state.published,
    settings: resolve("draft").settings,
    updated_at: "2026-01-01T12:00:00.000Z",
  });
  const goLive = (n: number) => {
    const previous = state.published;
    get(previous).state = "archived";
    get(n).state = "published";
    get(n).published_at = now();
    if (state.draft === n) state.draft = null;
    state.published = n;
    return { bot: bot(), version: summary(get(n)), previous_version: previous };
  };

  const routes: Record<string, FakeRoute> = {
    "GET /v1/bots/bot_1": () => bot(),
    "POST /v1/bots/bot_1": ({ body }) => {
      const patch = body as { publish_requires_evals?: boolean };
      if (patch.publish_requires_evals !== undefined) state.requiresEvals = patch.publish_requires_evals;
      return bot();
    },
    "GET /v1/bots/bot_1/draft": () => draft(),
    "POST /v1/bots/bot_1/draft": ({ body }) => {
      const settings = merge(resolve("draft").settings, body) as BotSettings;
      if (state.draft !== null) get(state.draft).state = "archived";
      state.draft = make(settings, "draft", "draft").version;
      return draft();
    },
    "POST /v1/bots/bot_1/draft/discard": () => {
      if (state.draft !== null) get(state.draft).state = "archived";
      state.draft = null;
      return draft();
    },
    "GET /v1/bots/bot_1/versions": () => ({ data: [...versions].reverse().map(summary), next_cursor: null }),
    "GET /v1/bots/bot_1/versions/diff": ({ url }) => {
      const from = resolve(url.searchParams.get("from")!);
      const to = resolve(url.searchParams.get("to")!);
      const a = leaves(from.settings);
      const b = leaves(to.settings);
      const changes = [...new Set([...a.keys(), ...b.keys()])]
        .filter((path) => JSON.stringify(a.get(path)) !== JSON.stringify(b.get(path)))
        .map((path) =>
          !a.has(path)
            ? { path, change: "added", to: b.get(path) }
            : !b.has(path)
              ? { path, change: "removed", from: a.get(path) }
              : { path, change: "changed", from: a.get(path), to: b.get(path) },
        );
      return { from: summary(from), to: summary(to), changes };
    },
    "POST /v1/bots/bot_1/publish": ({ body }) => {
      const target = (body as { version?: number }).version ?? state.draft;
      if (target === null || target === undefined) {
        return jsonResponse(409, { code: "nothing_to_publish", message: "No draft." });
      }
      if (state.requiresEvals) {
        const version = get(target);
        const run = state.runs
          .filter(
            (r) =>
              r.status === "completed" &&
              r.settings_version === version.settings_version &&
              r.model === version.settings.ai.model.id,
          )
          .sort((x, y) => y.created_at.localeCompare(x.created_at))[0];
        if (!run) return jsonResponse(409, { code: "evals_required", message: "Run the evaluations first." });
        if (!run.passed)
          return jsonResponse(409, { code: "evals_failed", message: "The evaluations failed." });
      }
      return goLive(target);
    },
    "POST /v1/bots/bot_1/rollback": ({ body }) => {
      const target =
        (body as { version?: number }).version ??
        versions
          .filter((v) => v.published_at && v.version < state.published)
          .sort((x, y) => y.version - x.version)[0]?.version;
      if (!target) return jsonResponse(409, { code: "nothing_to_roll_back", message: "Nothing." });
      return goLive(target);
    },
    "GET /v1/bots/bot_1/evals/runs": () => ({ data: state.runs, next_cursor: null }),
    "GET /v1/bots/bot_1/evals/cases": () => ({ data: [], next_cursor: null }),
    "GET /v1/models": () => catalog,
    "GET /v1/tools": () => [],
    "GET /v1/vector_stores": () => ({ data: [] }),
  };
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
    routes[`GET /v1/bots/bot_1/versions/${n}`] = () =>
      versions.some((v) => v.version === n)
        ? get(n)
        : jsonResponse(404, { code: "version_not_found", message: "No such version." });
  }
  return { routes, state, versions, get };
}

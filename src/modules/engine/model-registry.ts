import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createMistral } from "@ai-sdk/mistral";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { Config, ProviderCredentials } from "../../config.js";
import { ApiError } from "../../infra/errors.js";
import { LocalLanguageModel } from "../../infra/local-llm/language-model.js";
import type { LocalRuntime } from "../../infra/local-llm/runtime.js";
import type { CatalogEntry, LocalModels, ModelCatalog } from "../models/index.js";

/** Yandex Foundation Models speak the OpenAI API at this address. */
export const YANDEX_DEFAULT_BASE_URL = "https://llm.api.cloud.yandex.net/v1";

/** Maps a catalog name to Yandex's model URI (`gpt://<folder>/<model>/<branch>`). */
export function yandexModelUri(name: string, folderId: string): string {
  if (name.startsWith("gpt://")) return name;
  const model =
    name === "yandexgpt-5-pro" ? "yandexgpt" : name === "yandexgpt-5-lite" ? "yandexgpt-lite" : name;
  return `gpt://${folderId}/${model}/latest`;
}

/** A turn cannot run because the model or its provider is not usable on this server. */
export class ModelUnavailableError extends ApiError {
  constructor(message: string) {
    super(422, "model_unavailable", message);
  }
}

type ModelFactory = (name: string) => LanguageModel;

/** The embedded runtime and its model files (docs/local-models.md). */
export interface LocalModelRuntime {
  models: LocalModels;
  runtime: LocalRuntime;
  /** Tokens a call writes at most when the bot sets no `max_tokens`. */
  maxTokens: number;
}

/** A model ready to call; `prepare` (embedded models) downloads and loads it first, outside the call's deadline. */
export interface ResolvedModel {
  model: LanguageModel;
  entry: CatalogEntry;
  prepare?: () => Promise<void>;
}

/**
 * Resolves catalog ids to AI SDK language models, one provider instance per provider,
 * created on first use with the credentials of the environment. `override` lets tests and
 * embedders supply models (e.g. the AI SDK's mock models) for some or all ids.
 */
export class ModelRegistry {
  private readonly factories = new Map<string, ModelFactory>();
  private readonly localModels = new Map<string, ResolvedModel>();

  constructor(
    private readonly catalog: ModelCatalog,
    private readonly providers: Config["providers"],
    private readonly override?: (modelId: string) => LanguageModel | undefined,
    private readonly local?: LocalModelRuntime,
  ) {}

  resolve(modelId: string): ResolvedModel {
    const entry = this.catalog.get(modelId);
    if (!entry) throw new ModelUnavailableError(`The model '${modelId}' is not in the catalog.`);
    const overridden = this.override?.(modelId);
    if (overridden) return { model: overridden, entry };
    if (!entry.configured) {
      throw new ModelUnavailableError(
        `The provider '${entry.provider}' of model '${modelId}' is not configured on this server (see docs/configuration.md).`,
      );
    }
    if (entry.provider === "local") return this.localModel(entry);
    return { model: this.factoryFor(entry.provider)(entry.name), entry };
  }

  /** An embedded model: one instance per id; its file is downloaded and loaded on first need. */
  private localModel(entry: CatalogEntry): ResolvedModel {
    const cached = this.localModels.get(entry.id);
    if (cached) return { ...cached, entry };
    const local = this.local;
    const spec = local?.models.get(entry.id);
    if (!local || !spec)
      throw new ModelUnavailableError(`The embedded model '${entry.id}' is not available here.`);
    const load = async () => local.runtime.load(await local.models.ensure(entry.id));
    const resolved: ResolvedModel = {
      model: new LocalLanguageModel({
        modelId: entry.id,
        load,
        chatFormat: spec.chatFormat,
        defaultMaxTokens: local.maxTokens,
      }),
      entry,
      prepare: async () => {
        await load();
      },
    };
    this.localModels.set(entry.id, resolved);
    return resolved;
  }

  private factoryFor(provider: string): ModelFactory {
    const cached = this.factories.get(provider);
    if (cached) return cached;
    const credentials = this.providers[provider];
    if (!credentials) throw new ModelUnavailableError(`Unknown provider '${provider}'.`);
    const factory = createFactory(provider, credentials);
    this.factories.set(provider, factory);
    return factory;
  }
}

function createFactory(provider: string, c: ProviderCredentials): ModelFactory {
  const base = { apiKey: c.apiKey, ...(c.baseUrl ? { baseURL: c.baseUrl } : {}) };
  switch (provider) {
    case "openai": {
      // Chat Completions rather than the Responses API: OPENAI_BASE_URL often points at an
      // OpenAI-compatible server (vLLM, LiteLLM, …) that only speaks Chat Completions.
      const openai = createOpenAI(base);
      return (name) => openai.chat(name);
    }
    case "anthropic": {
      const anthropic = createAnthropic(base);
      return (name) => anthropic(name);
    }
    case "google": {
      const google = createGoogleGenerativeAI(base);
      return (name) => google(name);
    }
    case "mistral": {
      const mistral = createMistral(base);
      return (name) => mistral(name);
    }
    case "yandex": {
      const folderId = c.extra.folderId ?? "";
      const yandex = createOpenAICompatible({
        name: "yandex",
        baseURL: c.baseUrl ?? YANDEX_DEFAULT_BASE_URL,
        apiKey: c.apiKey,
        headers: { "x-folder-id": folderId },
      });
      return (name) => yandex.chatModel(yandexModelUri(name, folderId));
    }
    default: {
      const compatible = createOpenAICompatible({
        name: provider,
        baseURL: c.baseUrl ?? "",
        ...(c.apiKey ? { apiKey: c.apiKey } : {}),
      });
      return (name) => compatible.chatModel(name);
    }
  }
}

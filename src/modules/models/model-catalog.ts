import { type Config, ConfigError } from "../../config.js";
import { BUILTIN_MODELS, type CatalogModel, DEFAULT_CONTEXT_WINDOW } from "./builtin-models.js";
import type { LocalModelSpec, LocalModelStatus, LocalModels } from "./local/local-models.js";

export interface CatalogEntry extends CatalogModel {
  /** What a million tokens cost, in USD and in credits (docs/billing.md, "Charges"). */
  pricing: {
    input_usd_per_million: number;
    output_usd_per_million: number;
    input_credits_per_million: number;
    output_credits_per_million: number;
  };
  /**
   * Whether this server can call the model's provider: an API key for the built-in providers
   * (their SDKs need one even with a custom base URL; Yandex also needs its folder id), a base
   * URL for providers added through PARLEY_PROVIDERS.
   */
  configured: boolean;
  /** Embedded (`local/…`) models: whether the file is here and how its download goes; null for the others. */
  local: LocalModelStatus | null;
}

/**
 * The models bots may use: the built-in five plus those added through PARLEY_MODELS, for any
 * provider the server knows (built-in or added through PARLEY_PROVIDERS). Data, not code.
 */
export class ModelCatalog {
  private readonly models = new Map<string, CatalogModel>();

  constructor(
    private readonly config: Pick<Config, "extraModels" | "providers" | "billing">,
    private readonly local?: LocalModels,
  ) {
    for (const model of BUILTIN_MODELS) this.models.set(model.id, model);
    const problems: string[] = [];
    for (const extra of config.extraModels) {
      const slash = extra.id.indexOf("/");
      const provider = extra.id.slice(0, slash);
      const fileFields = ["path", "url", "sha256", "chat_format"].filter((key) => key in extra);
      if (provider !== "local" && fileFields.length > 0) {
        problems.push(
          `PARLEY_MODELS: model '${extra.id}': ${fileFields.join(", ")} apply to local/ models only`,
        );
        continue;
      }
      if (provider === "local") {
        if (Boolean(extra.url) !== Boolean(extra.sha256)) {
          problems.push(
            `PARLEY_MODELS: model '${extra.id}': url and sha256 go together (the download is verified)`,
          );
        }
        continue;
      }
      if (!config.providers[provider]) {
        problems.push(`PARLEY_MODELS: model '${extra.id}' names unknown provider '${provider}'`);
        continue;
      }
      const builtin = this.models.get(extra.id);
      this.models.set(extra.id, {
        id: extra.id,
        provider,
        name: extra.id.slice(slash + 1),
        note: extra.note ?? builtin?.note ?? null,
        context_window: extra.context_window ?? builtin?.context_window ?? DEFAULT_CONTEXT_WINDOW,
        images: extra.images ?? builtin?.images ?? false,
        input_price: extra.input_price ?? builtin?.input_price ?? 0,
        output_price: extra.output_price ?? builtin?.output_price ?? 0,
      });
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }

  /** The configured default model must be one the catalog offers. */
  assertHasDefault(defaultModel: string): void {
    if (!this.models.has(defaultModel) && !this.local?.get(defaultModel)) {
      throw new ConfigError([`PARLEY_DEFAULT_MODEL: '${defaultModel}' is not in the model catalog`]);
    }
  }

  get(id: string): CatalogEntry | undefined {
    const model = this.models.get(id);
    if (model) return this.entry(model);
    const local = this.local?.get(id);
    return local ? this.localEntry(local) : undefined;
  }

  /** The remote models, then the embedded ones (found again on each call: files come and go). */
  list(): CatalogEntry[] {
    const remote = [...this.models.values()].map((model) => this.entry(model));
    return [...remote, ...(this.local?.list() ?? []).map((spec) => this.localEntry(spec))];
  }

  /** An embedded model: free (no provider bills it), text only. */
  private localEntry(spec: LocalModelSpec): CatalogEntry {
    const local = this.local as LocalModels;
    return {
      id: spec.id,
      provider: "local",
      name: spec.id.slice("local/".length),
      note: spec.note,
      context_window: spec.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
      images: false,
      input_price: 0,
      output_price: 0,
      pricing: {
        input_usd_per_million: 0,
        output_usd_per_million: 0,
        input_credits_per_million: 0,
        output_credits_per_million: 0,
      },
      configured: local.usable(spec),
      local: local.status(spec),
    };
  }

  private entry(model: CatalogModel): CatalogEntry {
    const rate = this.config.billing.creditsPerUsd;
    return {
      ...model,
      pricing: {
        input_usd_per_million: model.input_price,
        output_usd_per_million: model.output_price,
        input_credits_per_million: model.input_price * rate,
        output_credits_per_million: model.output_price * rate,
      },
      configured: this.isConfigured(model.provider),
      local: null,
    };
  }

  /**
   * Whether the provider has speech-to-text models Parley can call (docs/channels.md, "Voice"):
   * OpenAI's, and the OpenAI-compatible servers of PARLEY_PROVIDERS (their
   * `/audio/transcriptions`). Configured or not: a missing key shows when a message is transcribed.
   */
  canTranscribe(provider: string): boolean {
    return provider === "openai" || this.config.providers[provider]?.extra.compatible === "true";
  }

  isConfigured(provider: string): boolean {
    const credentials = this.config.providers[provider];
    if (!credentials) return false;
    if (credentials.extra.compatible === "true") return true;
    if (provider === "yandex") return Boolean(credentials.apiKey && credentials.extra.folderId);
    return Boolean(credentials.apiKey);
  }
}

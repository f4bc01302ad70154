import { createOpenAI } from "@ai-sdk/openai";
import type { TranscriptionModel } from "ai";
import type { Config } from "../../config.js";
import { ModelUnavailableError } from "./model-registry.js";

/**
 * Speech-to-text models by id `<provider>/<model_name>` (docs/channels.md, "Voice"): OpenAI's
 * (`openai/whisper-1`, `openai/gpt-4o-transcribe`, …) and those of the OpenAI-compatible
 * servers of PARLEY_PROVIDERS, which speak the same `POST /audio/transcriptions`. One provider
 * instance per provider, made on first use with the credentials of the environment.
 */
export class TranscriptionModels {
  private readonly providers = new Map<string, (name: string) => TranscriptionModel>();

  constructor(private readonly credentials: Config["providers"]) {}

  resolve(id: string): TranscriptionModel {
    const slash = id.indexOf("/");
    const provider = id.slice(0, slash);
    return this.providerFor(provider)(id.slice(slash + 1));
  }

  private providerFor(provider: string): (name: string) => TranscriptionModel {
    const cached = this.providers.get(provider);
    if (cached) return cached;
    const credentials = this.credentials[provider];
    const compatible = credentials?.extra.compatible === "true";
    if (!credentials || (provider !== "openai" && !compatible)) {
      throw new ModelUnavailableError(`The provider '${provider}' has no speech-to-text models here.`);
    }
    if (provider === "openai" && !credentials.apiKey) {
      throw new ModelUnavailableError(
        "The provider 'openai' is not configured on this server (see docs/configuration.md).",
      );
    }
    const openai = createOpenAI({
      name: provider,
      // A compatible server without a key is called without one that means anything.
      apiKey: credentials.apiKey ?? "",
      ...(credentials.baseUrl ? { baseURL: credentials.baseUrl } : {}),
    });
    const factory = (name: string) => openai.transcription(name);
    this.providers.set(provider, factory);
    return factory;
  }
}

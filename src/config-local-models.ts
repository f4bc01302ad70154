import { join } from "node:path";
import { z } from "zod";

/**
 * The embedded model runtime's settings (docs/local-models.md, "Settings"): where model files
 * live, how much context and how many conversations at once, and where the catalog's models
 * are downloaded from.
 */
export const localModelsEnv = {
  PARLEY_LOCAL_MODELS_DIR: z.string().optional(),
  PARLEY_LOCAL_CONTEXT_SIZE: z.coerce.number().int().min(512).max(131_072).default(4096),
  PARLEY_LOCAL_PARALLEL: z.coerce.number().int().min(1).max(16).default(2),
  PARLEY_LOCAL_THREADS: z.coerce.number().int().min(0).max(256).default(0),
  PARLEY_LOCAL_GPU: z.enum(["false", "auto"]).default("false"),
  PARLEY_LOCAL_MAX_LOADED: z.coerce.number().int().min(1).max(16).default(1),
  PARLEY_LOCAL_MAX_TOKENS: z.coerce.number().int().min(16).max(32_768).default(1024),
  PARLEY_HUGGINGFACE_URL: z.url({ protocol: /^https?$/ }).default("https://huggingface.co"),
};

export interface LocalModelsConfig {
  /** Where model files are downloaded to and looked for (`<DATA_DIR>/models` by default). */
  dir: string;
  contextSize: number;
  parallel: number;
  threads: number;
  gpu: boolean;
  maxLoaded: number;
  /** Tokens one model call writes at most when the bot sets no `max_tokens`. */
  maxTokens: number;
  /** Base URL of the Hugging Face hub the catalog's models come from (a mirror may stand in). */
  huggingFaceUrl: string;
}

type LocalEnv = z.infer<z.ZodObject<typeof localModelsEnv>>;

export function localModelsConfigOf(env: LocalEnv & { DATA_DIR: string }): LocalModelsConfig {
  return {
    dir: env.PARLEY_LOCAL_MODELS_DIR ?? join(env.DATA_DIR, "models"),
    contextSize: env.PARLEY_LOCAL_CONTEXT_SIZE,
    parallel: env.PARLEY_LOCAL_PARALLEL,
    threads: env.PARLEY_LOCAL_THREADS,
    gpu: env.PARLEY_LOCAL_GPU === "auto",
    maxLoaded: env.PARLEY_LOCAL_MAX_LOADED,
    maxTokens: env.PARLEY_LOCAL_MAX_TOKENS,
    huggingFaceUrl: env.PARLEY_HUGGINGFACE_URL.replace(/\/+$/, ""),
  };
}

/** The model bots get when PARLEY_DEFAULT_MODEL is unset: the first provider with credentials, else the embedded one. */
export const DEFAULT_LOCAL_MODEL = "local/qwen2.5-0.5b-instruct";

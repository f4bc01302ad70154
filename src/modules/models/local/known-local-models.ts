import type { ChatFormat } from "../../../infra/local-llm/language-model.js";

/** A model of the embedded runtime the catalog can download (docs/local-models.md, "Models"). */
export interface KnownLocalModel {
  id: string;
  note: string;
  /** The file's name in the models directory. */
  file: string;
  /** Path on the Hugging Face hub, pinned to a revision: the checksum names these exact bytes. */
  hubPath: string;
  sha256: string;
  /** Exact size when known (shown before the download, checked after it). */
  bytes: number | null;
  chatFormat: ChatFormat;
  contextWindow: number;
  licence: string;
}

/**
 * Small instruct models with tool calling under a permissive licence. The first is the default
 * when no provider has credentials: 469 MiB, a few hundred MB of memory, usable on any CPU.
 */
export const KNOWN_LOCAL_MODELS: KnownLocalModel[] = [
  {
    id: "local/qwen2.5-0.5b-instruct",
    note: "embedded: runs on this server's CPU, no API key (Qwen2.5 0.5B Instruct, Q4_K_M)",
    file: "qwen2.5-0.5b-instruct-q4_k_m.gguf",
    hubPath:
      "Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/9217f5db79a29953eb74d5343926648285ec7e67/qwen2.5-0.5b-instruct-q4_k_m.gguf",
    sha256: "74a4da8c9fdbcd15bd1f6d01d621410d31c6fc00986f5eb687824e7b93d7a9db",
    bytes: 491_400_032,
    chatFormat: "qwen",
    contextWindow: 32_768,
    licence: "Apache-2.0",
  },
  {
    id: "local/qwen2.5-1.5b-instruct",
    note: "embedded: better answers, about 3× the CPU per token (Qwen2.5 1.5B Instruct, Q4_K_M)",
    file: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
    hubPath:
      "Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf",
    sha256: "6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e",
    bytes: null,
    chatFormat: "qwen",
    contextWindow: 32_768,
    licence: "Apache-2.0",
  },
];

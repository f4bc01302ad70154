import { existsSync, readdirSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, isAbsolute, join, resolve } from "node:path";
import { pino } from "pino";
import type { ExtraModel } from "../../../config.js";
import type { LocalModelsConfig } from "../../../config-local-models.js";
import type { ChatFormat } from "../../../infra/local-llm/language-model.js";
import type { Logger } from "../../../infra/logging.js";
import { DownloadError, type DownloadProgress, downloadVerified } from "./download.js";
import { KNOWN_LOCAL_MODELS } from "./known-local-models.js";

/** A model the embedded runtime can run: its file, and where to get it when it is missing. */
export interface LocalModelSpec {
  id: string;
  note: string | null;
  path: string;
  download: { url: string; sha256: string; bytes: number | null } | null;
  chatFormat: ChatFormat;
  contextWindow: number | null;
}

/** Whether a local model's file is here, and how its download goes (GET /v1/models). */
export interface LocalModelStatus {
  installed: boolean;
  /** The file's size when installed, else the download's expected size when known. */
  bytes: number | null;
  download: { received_bytes: number; total_bytes: number | null } | null;
  /** Why the last download failed, until the next one starts. */
  error: string | null;
}

/** A local model cannot be used: unknown, not on disk and not downloadable, or its download failed. */
export class LocalModelError extends Error {
  constructor(
    readonly code: "model_unknown" | "model_not_installed" | "download_failed" | "checksum_mismatch",
    message: string,
  ) {
    super(message);
  }
}

const LOCAL_PREFIX = "local/";
/** The CLI and start-up checks read the catalog without a log. */
const silentLogger: Logger = pino({ level: "silent" });
const PROGRESS_LOG_STEP = 0.1;

/**
 * The embedded runtime's model files (docs/local-models.md): the catalog's known models, those
 * PARLEY_MODELS declares (a file, or a URL with its checksum) and any `.gguf` dropped in the
 * models directory (named `local/<file name without .gguf>`). Downloads are single-flight per
 * model and logged every 10 %.
 */
export class LocalModels {
  private readonly declared = new Map<string, LocalModelSpec>();
  private readonly downloads = new Map<string, { promise: Promise<string>; progress: DownloadProgress }>();
  private readonly failures = new Map<string, string>();

  constructor(
    private readonly config: LocalModelsConfig,
    extras: ExtraModel[],
    private readonly log: Logger = silentLogger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    for (const known of KNOWN_LOCAL_MODELS) {
      this.declared.set(known.id, {
        id: known.id,
        note: known.note,
        path: join(config.dir, known.file),
        download: {
          url: `${config.huggingFaceUrl}/${known.hubPath}`,
          sha256: known.sha256,
          bytes: known.bytes,
        },
        chatFormat: known.chatFormat,
        contextWindow: known.contextWindow,
      });
    }
    for (const extra of extras) {
      if (!extra.id.startsWith(LOCAL_PREFIX)) continue;
      const name = extra.id.slice(LOCAL_PREFIX.length);
      const known = this.declared.get(extra.id);
      const path = extra.path
        ? isAbsolute(extra.path)
          ? extra.path
          : resolve(extra.path)
        : (known?.path ?? join(config.dir, `${name}.gguf`));
      this.declared.set(extra.id, {
        id: extra.id,
        note: extra.note ?? known?.note ?? null,
        path,
        download:
          extra.url && extra.sha256
            ? { url: extra.url, sha256: extra.sha256, bytes: null }
            : (known?.download ?? null),
        chatFormat: extra.chat_format ?? known?.chatFormat ?? "auto",
        contextWindow: extra.context_window ?? known?.contextWindow ?? null,
      });
    }
  }

  /** Every local model: declared ones, then files found in the models directory. */
  list(): LocalModelSpec[] {
    const specs = [...this.declared.values()];
    const claimed = new Set(specs.map((spec) => spec.path));
    for (const file of this.filesInDir()) {
      const path = join(this.config.dir, file);
      if (claimed.has(path)) continue;
      specs.push(this.discovered(file));
    }
    return specs;
  }

  get(id: string): LocalModelSpec | undefined {
    if (!id.startsWith(LOCAL_PREFIX)) return undefined;
    const declared = this.declared.get(id);
    if (declared) return declared;
    const file = `${id.slice(LOCAL_PREFIX.length)}.gguf`;
    if (file.includes("/") || file.includes("\\")) return undefined;
    return existsSync(join(this.config.dir, file)) ? this.discovered(file) : undefined;
  }

  status(spec: LocalModelSpec): LocalModelStatus {
    const size = fileSize(spec.path);
    const running = this.downloads.get(spec.id);
    return {
      installed: size !== null,
      bytes: size ?? spec.download?.bytes ?? null,
      download: running
        ? { received_bytes: running.progress.receivedBytes, total_bytes: running.progress.totalBytes }
        : null,
      error: this.failures.get(spec.id) ?? null,
    };
  }

  /** Whether the model can run here: its file is present, or it can be downloaded. */
  usable(spec: LocalModelSpec): boolean {
    return spec.download !== null || fileSize(spec.path) !== null;
  }

  /**
   * The model's file path, downloading it first when missing (one download per model however
   * many callers wait). Throws LocalModelError.
   */
  async ensure(id: string): Promise<string> {
    const spec = this.get(id);
    if (!spec) throw new LocalModelError("model_unknown", `'${id}' is not a local model of this server.`);
    if (fileSize(spec.path) !== null) return spec.path;
    return this.startDownload(spec);
  }

  /** Starts (or joins) the model's download; resolves with its path. */
  startDownload(spec: LocalModelSpec): Promise<string> {
    const running = this.downloads.get(spec.id);
    if (running) return running.promise;
    const download = spec.download;
    if (!download) {
      return Promise.reject(
        new LocalModelError(
          "model_not_installed",
          `The file of '${spec.id}' is not at ${spec.path}, and no download is known for it (docs/local-models.md).`,
        ),
      );
    }
    const progress: DownloadProgress = { receivedBytes: 0, totalBytes: download.bytes };
    let logged = -1;
    this.failures.delete(spec.id);
    this.log.info(
      { model: spec.id, url: download.url, bytes: download.bytes },
      "local model download started",
    );
    const promise = downloadVerified({
      url: download.url,
      sha256: download.sha256,
      target: spec.path,
      expectedBytes: download.bytes,
      fetch: this.fetchImpl,
      onProgress: (now) => {
        progress.receivedBytes = now.receivedBytes;
        progress.totalBytes = now.totalBytes;
        if (!now.totalBytes) return;
        const step = Math.floor(now.receivedBytes / now.totalBytes / PROGRESS_LOG_STEP);
        if (step > logged) {
          logged = step;
          this.log.info(
            { model: spec.id, received_bytes: now.receivedBytes, total_bytes: now.totalBytes },
            `local model download ${Math.min(100, step * 10)}%`,
          );
        }
      },
    }).then(
      () => {
        this.downloads.delete(spec.id);
        this.log.info({ model: spec.id, path: spec.path }, "local model downloaded and verified");
        return spec.path;
      },
      (error: unknown) => {
        this.downloads.delete(spec.id);
        const code = error instanceof DownloadError ? error.code : "download_failed";
        const reason = error instanceof Error ? error.message : String(error);
        const message = `Downloading '${spec.id}' failed: ${reason}`;
        // The catalog shows the reason beside the model's name; the turn's failure names the model too.
        this.failures.set(spec.id, reason);
        this.log.warn({ model: spec.id, code }, message);
        throw new LocalModelError(code, message);
      },
    );
    this.downloads.set(spec.id, { promise, progress });
    return promise;
  }

  /** Deletes the model's file (and any partial download); false when there was none. */
  async remove(id: string): Promise<boolean> {
    const spec = this.get(id);
    if (!spec) throw new LocalModelError("model_unknown", `'${id}' is not a local model of this server.`);
    const had = fileSize(spec.path) !== null || fileSize(`${spec.path}.part`) !== null;
    await rm(spec.path, { force: true });
    await rm(`${spec.path}.part`, { force: true });
    return had;
  }

  private discovered(file: string): LocalModelSpec {
    return {
      id: `${LOCAL_PREFIX}${basename(file, ".gguf")}`,
      note: "a GGUF file in the models directory",
      path: join(this.config.dir, file),
      download: null,
      chatFormat: "auto",
      contextWindow: null,
    };
  }

  private filesInDir(): string[] {
    try {
      return readdirSync(this.config.dir).filter((file) => file.endsWith(".gguf"));
    } catch {
      return [];
    }
  }
}

function fileSize(path: string): number | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

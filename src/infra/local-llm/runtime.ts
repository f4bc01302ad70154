import { availableParallelism } from "node:os";
import type { Llama, LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";
import type { Logger } from "../logging.js";

/** How the embedded runtime runs models (docs/local-models.md, "Settings"). */
export interface LocalRuntimeOptions {
  /** Tokens of context each conversation gets (at most the model's own). */
  contextSize: number;
  /** Conversations one loaded model answers at once; more wait their turn. */
  parallel: number;
  /** CPU threads for generation; 0: every core but one (docs/local-models.md, "CPU and memory"). */
  threads: number;
  /** Whether a GPU build is looked for (it must be installed: docs/local-models.md#gpu). */
  gpu: boolean;
  /** Models kept loaded at once; the least recently used idle one is unloaded for another. */
  maxLoaded: number;
}

/** A model file loaded in memory, its context split in `parallel` sequences. */
export interface LoadedModel {
  readonly model: LlamaModel;
  /** Runs `work` on a free sequence of the model's context (waiting for one), then frees it. */
  withSequence<T>(work: (sequence: LlamaContextSequence) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/**
 * node-llama-cpp inside Parley's process: the native library is imported and initialised on
 * first use (a server that never runs a local model never loads it), models are loaded once
 * and shared by every bot that names them.
 */
export class LocalRuntime {
  private llama: Promise<Llama> | undefined;
  private readonly loaded = new Map<string, { entry: Promise<SharedModel>; usedAt: number }>();

  constructor(
    private readonly options: LocalRuntimeOptions,
    private readonly log: Logger,
  ) {}

  /** The model at `path`, loaded (once) and ready for sequences. */
  async load(path: string): Promise<LoadedModel> {
    const cached = this.loaded.get(path);
    if (cached) {
      cached.usedAt = Date.now();
      return cached.entry;
    }
    await this.evictFor();
    const entry = this.open(path);
    this.loaded.set(path, { entry, usedAt: Date.now() });
    entry.catch(() => this.loaded.delete(path));
    return entry;
  }

  async close(): Promise<void> {
    const all = [...this.loaded.values()];
    this.loaded.clear();
    await Promise.allSettled(all.map(async ({ entry }) => (await entry).dispose()));
    if (this.llama) await (await this.llama.catch(() => undefined))?.dispose();
  }

  private async open(path: string): Promise<SharedModel> {
    const llama = await this.library();
    const started = Date.now();
    const model = await llama.loadModel({ modelPath: path, gpuLayers: this.options.gpu ? "auto" : 0 });
    const contextSize = Math.min(this.options.contextSize, model.trainContextSize);
    const context = await model.createContext({
      contextSize,
      sequences: this.options.parallel,
      threads: generationThreads(this.options.threads),
    });
    this.log.info(
      { path, context_size: contextSize, parallel: this.options.parallel, ms: Date.now() - started },
      "local model loaded",
    );
    return new SharedModel(model, context);
  }

  private library(): Promise<Llama> {
    this.llama ??= import("node-llama-cpp").then(({ getLlama, LlamaLogLevel }) =>
      getLlama({
        gpu: this.options.gpu ? "auto" : false,
        build: "never",
        progressLogs: false,
        logLevel: LlamaLogLevel.warn,
        logger: (level, message) => {
          const text = message.trim();
          if (!text) return;
          if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal)
            this.log.error({ llama: text }, "llama.cpp");
          else this.log.debug({ llama: text }, "llama.cpp");
        },
      }),
    );
    return this.llama;
  }

  /** Makes room for one more model: unloads the least recently used ones no conversation uses. */
  private async evictFor(): Promise<void> {
    while (this.loaded.size >= this.options.maxLoaded) {
      const oldest = [...this.loaded.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
      if (!oldest) return;
      const [path, { entry }] = oldest;
      this.loaded.delete(path);
      const shared = await entry.catch(() => undefined);
      await shared?.dispose();
    }
  }
}

/** One loaded model and its context; sequences are lent out one conversation at a time. */
class SharedModel implements LoadedModel {
  private readonly free: LlamaContextSequence[] = [];
  private readonly waiting: Array<(sequence: LlamaContextSequence) => void> = [];
  private disposed = false;

  constructor(
    readonly model: LlamaModel,
    private readonly context: LlamaContext,
  ) {
    for (let i = 0; i < context.totalSequences; i++) this.free.push(context.getSequence());
  }

  async withSequence<T>(
    work: (sequence: LlamaContextSequence) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const sequence = await this.take(signal);
    try {
      return await work(sequence);
    } finally {
      this.give(sequence);
    }
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.context.dispose();
    await this.model.dispose();
  }

  private take(signal?: AbortSignal): Promise<LlamaContextSequence> {
    const ready = this.free.pop();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const waiter = (sequence: LlamaContextSequence) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(sequence);
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private give(sequence: LlamaContextSequence): void {
    const next = this.waiting.shift();
    if (next) next(sequence);
    else this.free.push(sequence);
  }
}

/**
 * llama.cpp's threads wait for each other by spinning: one more thread than there are free
 * cores makes generation 5–10× slower (measured on 2 cores: 40 ms of CPU per token with one
 * thread, 750–1,000 ms with two while the event loop and other processes ran). So by default
 * one core stays for Node.js and everything else.
 */
export function generationThreads(configured: number): number {
  return configured > 0 ? configured : Math.max(1, availableParallelism() - 1);
}

import type { Config } from "../config.js";
import type { Clock } from "../infra/clock.js";
import type { App } from "../infra/http-types.js";
import type { IdGenerator } from "../infra/ids.js";
import type { Logger } from "../infra/logging.js";
import type { SecretBox } from "../infra/secret-box.js";
import type { Telemetry } from "../infra/telemetry/telemetry.js";
import type { JobRegistration } from "../job-queue/job-definition.js";
import type { Storage } from "../storage/database.js";
import type { Repos } from "../storage/repos/index.js";

/**
 * What a composed module gives the service (docs/development.md, "Modules"): each module's
 * `compose` returns its parts beside its face, and the composition root lists the modules in
 * one table that the HTTP app (`app.ts`) and the process walk.
 */
export interface ModuleParts {
  /** For logs and errors: the module's folder name. */
  readonly name: string;
  /** Routes under `/v1`, behind the API guard (keys, sessions, rate limits) and idempotency. */
  routes?(api: App): void | Promise<void>;
  /** Routes outside `/v1` (vendor hooks, the media proxy, OAuth callbacks, the widget, the console). */
  publicRoutes?(app: App): void | Promise<void>;
  /** Handlers of the jobs the module owns (registered with the worker when this process runs one). */
  readonly jobs?: readonly JobRegistration[];
  /** Periodic clean-up (every 10 minutes): pruning, resuming what a dead process left. */
  housekeeping?(): Promise<void>;
  /** Once the server is ready: background loops. */
  start?(): void;
  /**
   * On shutdown, while the job worker stops: cut work in progress short rather than wait for
   * it (its job runs again later), so that the worker's stop is not held up by it.
   */
  interrupt?(): Promise<void>;
  /** On shutdown, once the worker has stopped: release what the module holds. */
  close?(): Promise<void>;
}

/** What every module's `compose` is given: the process's configuration and shared services. */
export interface ModuleContext {
  config: Config;
  storage: Storage;
  repos: Repos;
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  log: Logger;
  /** OpenTelemetry's tracer and meter (docs/quality.md, "OpenTelemetry"); absent: none. */
  telemetry?: Telemetry;
}

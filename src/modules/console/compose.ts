import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { serveConsole } from "./console-routes.js";

/** The built operator console at /console (docs/console.md). */
export function composeConsole({ config, log }: ModuleContext): ModuleParts {
  return { name: "console", publicRoutes: (app) => serveConsole(app, { dir: config.console.dir, log }) };
}

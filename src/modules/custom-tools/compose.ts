import type { ToolProvider } from "../../tools/tool-provider.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { customTools } from "./custom-tool-provider.js";
import { CustomToolsService } from "./custom-tools-service.js";
import { customToolRoutes } from "./routes.js";

/** A project's HTTP tools (docs/custom-tools.md): the API and the tool provider bots call them through. */
export function composeCustomTools(context: ModuleContext): ModuleParts & { tools: ToolProvider } {
  const { config, repos, secrets, clock, newId, log } = context;
  const allowPrivate = config.webhooksAllowPrivate;
  const service = new CustomToolsService({ repos, secrets, clock, newId, allowPrivate });
  return {
    name: "custom-tools",
    tools: customTools({ repos, secrets, clock, newId, log, allowPrivate }),
    routes: (api) => customToolRoutes(api, service),
  };
}

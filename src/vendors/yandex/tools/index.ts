import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { yandexTrackerCreateIssueTool } from "./create-issue.js";

/** The tools a connected Yandex integration gives its project's bots (docs/oauth-tools.md). */
export const yandexTools: readonly IntegrationTool[] = [yandexTrackerCreateIssueTool];

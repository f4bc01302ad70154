import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { githubCreateIssueTool } from "./create-issue.js";
import { githubSearchIssuesTool } from "./search-issues.js";

/** The tools a connected GitHub integration gives its project's bots (docs/oauth-tools.md). */
export const githubTools: readonly IntegrationTool[] = [githubCreateIssueTool, githubSearchIssuesTool];

import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { googleCalendarCreateEventTool } from "./create-event.js";
import { googleCalendarFindFreeSlotsTool } from "./find-free-slots.js";

/** The tools a connected Google integration gives its project's bots (docs/oauth-tools.md). */
export const googleTools: readonly IntegrationTool[] = [
  googleCalendarFindFreeSlotsTool,
  googleCalendarCreateEventTool,
];

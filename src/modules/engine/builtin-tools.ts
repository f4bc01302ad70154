import { type Tool, tool } from "ai";
import { z } from "zod";
import type { Clock } from "../../infra/clock.js";

/** A built-in tool: its name is the key bots use in `ai.tools`. */
export interface BuiltinTool {
  name: string;
  description: string;
  create(context: { clock: Clock }): Tool;
}

export const currentTimeTool: BuiltinTool = {
  name: "get_current_time",
  description: "The current date and time, in UTC or in a given IANA time zone.",
  create: ({ clock }) =>
    tool({
      description: "Returns the current date and time. Use it for questions about today, now, or dates.",
      inputSchema: z.object({
        time_zone: z.string().optional().describe("IANA time zone, e.g. Europe/Moscow; default UTC"),
      }),
      execute: async ({ time_zone }) => {
        const now = clock.now();
        const zone = time_zone ?? "UTC";
        const local = new Intl.DateTimeFormat("en-GB", {
          timeZone: zone,
          dateStyle: "full",
          timeStyle: "long",
        }).format(now);
        return { iso: now.toISOString(), time_zone: zone, local };
      },
    }),
};

export const BUILTIN_TOOLS: BuiltinTool[] = [currentTimeTool];

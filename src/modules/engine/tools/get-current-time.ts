import { tool } from "ai";
import { z } from "zod";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { textArg } from "../../../tools/tool-presentation.js";
import { ToolRefusal } from "../../../tools/tool-refusal.js";

export const inputSchema = z.object({
  time_zone: z.string().optional().describe("IANA time zone, e.g. Europe/Moscow; default UTC"),
});

export const getCurrentTimeTool: BuiltinTool = {
  name: "get_current_time",
  description: "The current date and time, in UTC or in a given IANA time zone.",
  presentation: {
    title: { en: "Current time", ru: "Текущее время" },
    summary: {
      en: "Lets the bot look up today's date and the time, in any time zone.",
      ru: "Даёт боту узнать сегодняшнюю дату и время в любом часовом поясе.",
    },
    ask: (args, language) => {
      const zone = textArg(args, "time_zone");
      if (language === "ru") return `узнать текущее время${zone ? ` (часовой пояс ${zone})` : ""}`;
      return `check the current time${zone ? ` in ${zone}` : ""}`;
    },
  },
  inputSchema,
  create: ({ clock }) =>
    tool({
      description: "Returns the current date and time. Use it for questions about today, now, or dates.",
      inputSchema,
      execute: async ({ time_zone }) => {
        const now = clock.now();
        const zone = time_zone ?? "UTC";
        let local: string;
        try {
          local = new Intl.DateTimeFormat("en-GB", {
            timeZone: zone,
            dateStyle: "full",
            timeStyle: "long",
          }).format(now);
        } catch {
          throw new ToolRefusal(`unknown time zone '${zone}'; use an IANA name such as Europe/Moscow`);
        }
        return { iso: now.toISOString(), time_zone: zone, local };
      },
    }),
};

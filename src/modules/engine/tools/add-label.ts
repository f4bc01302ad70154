import { tool } from "ai";
import { z } from "zod";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { quote, textArg } from "../../../tools/tool-presentation.js";
import { ToolRefusal } from "../../../tools/tool-refusal.js";

export const inputSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(50, "must be at most 50 characters")
    .describe("The name of one of the project's labels (any case)."),
});

/**
 * Puts one of the project's labels on the conversation (docs/labels.md, docs/agent.md). The
 * bot never creates labels: an unknown name is refused with the names there are, so the model
 * can pick one.
 */
export const addLabelTool: BuiltinTool = {
  name: "add_label",
  description:
    "Puts one of the project's labels on the conversation (raising `labels_changed` and the " +
    "`thread.labels.changed` webhook when it was not there yet). Only existing labels: an unknown name is " +
    "refused with the list of the project's labels.",
  presentation: {
    title: { en: "Label conversations", ru: "Ставить метки" },
    summary: {
      en: "Puts one of your labels on the conversation (for example “refund” or “VIP”) so the team can find it.",
      ru: "Ставит на разговор одну из ваших меток (например, «возврат» или «VIP»), чтобы команда его нашла.",
    },
    ask: (args, language) => {
      const label = textArg(args, "label");
      const named = label ? ` ${quote(label, language, 50)}` : "";
      return language === "ru" ? `поставить на разговор метку${named}` : `label this conversation${named}`;
    },
  },
  inputSchema,
  create: (context) =>
    tool({
      description:
        "Put a label on this conversation so the team can find and sort it (e.g. its topic or the customer's " +
        "kind). Use only a label the project has; an unknown name is refused with the list of labels.",
      inputSchema,
      execute: async ({ label }) => {
        if (!context.addLabel) throw new ToolRefusal("labels cannot be added here");
        const result = await context.addLabel(label);
        if (!result.ok) {
          throw new ToolRefusal(
            result.available.length > 0
              ? `there is no label '${label}'; the labels are: ${result.available.join(", ")}`
              : `there is no label '${label}': this project has no labels`,
          );
        }
        return { labeled: true as const, added: result.added, labels: result.labels };
      },
    }),
};

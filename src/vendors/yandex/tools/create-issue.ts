import { z } from "zod";
import { quote, textArg } from "../../../tools/tool-presentation.js";
import { ToolRefusal } from "../../../tools/tool-refusal.js";
import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { asString } from "../../shared/json-fields.js";
import { trackerRequest } from "./tracker-api.js";
import { trackerSettingsOf } from "./tracker-settings.js";

export const createTrackerIssueInput = z.object({
  summary: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(255, "must be at most 255 characters")
    .describe("A short, specific title for the issue."),
  description: z
    .string()
    .max(20_000, "must be at most 20000 characters")
    .optional()
    .describe(
      "What the user reported: the problem, steps, their contact details if they gave them (Yandex Flavored Markdown).",
    ),
});

/**
 * `yandex_tracker_create_issue` (docs/oauth-tools.md): `POST /issues/` on the Tracker API
 * in the integration's `settings.queue`, with the organization header; answers the issue's key
 * and a link to it.
 */
export const yandexTrackerCreateIssueTool: IntegrationTool = {
  name: "yandex_tracker_create_issue",
  description:
    "Creates an issue in the team's Yandex Tracker queue, e.g. to hand a user's problem or request to the team. " +
    "Returns the issue key (like SUPPORT-42) and a link, which you can give to the user.",
  presentation: {
    title: { en: "Create a Yandex Tracker issue", ru: "Создать задачу в Яндекс Трекере" },
    summary: {
      en: "Files an issue in your Yandex Tracker queue, e.g. a problem a customer reported.",
      ru: "Заводит задачу в очереди Яндекс Трекера, например о проблеме, о которой сообщил клиент.",
    },
    ask: (args, language) => {
      const summary = textArg(args, "summary");
      const named = summary ? ` ${quote(summary, language, 100)}` : "";
      return language === "ru"
        ? `создать задачу${named} для нашей команды`
        : `file an issue${named} with our team`;
    },
  },
  inputSchema: createTrackerIssueInput,
  async execute(context, input: z.infer<typeof createTrackerIssueInput>) {
    const settings = trackerSettingsOf(context.settings);
    const issue = await trackerRequest(context, settings, {
      what: `creating the issue in the queue ${settings.queue}`,
      method: "POST",
      path: "/issues/",
      json: {
        queue: settings.queue,
        summary: input.summary,
        ...(input.description ? { description: input.description } : {}),
      },
      creates: true,
    });
    const key = asString(issue.key);
    if (!key || !/^[A-Za-z0-9]+-\d+$/.test(key)) {
      throw new ToolRefusal(
        `Yandex Tracker's answer about the new issue in ${settings.queue} lacked its key; check the queue before trying again.`,
      );
    }
    return {
      key,
      summary: asString(issue.summary) ?? input.summary,
      url: `${settings.webUrl}/${key}`,
    };
  },
};

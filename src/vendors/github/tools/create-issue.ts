import { z } from "zod";
import { quote, textArg } from "../../../tools/tool-presentation.js";
import { ToolRefusal } from "../../../tools/tool-refusal.js";
import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { asNumber, asString } from "../../shared/json-fields.js";
import { githubRequest } from "./github-api.js";
import { configuredRepository } from "./repository-setting.js";

export const createIssueInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(256, "must be at most 256 characters")
    .describe("A short, specific title for the issue."),
  body: z
    .string()
    .min(1, "must not be empty")
    .max(65_536, "must be at most 65536 characters")
    .describe("The issue's description in Markdown: what happened, steps to reproduce, what was expected."),
  labels: z
    .array(z.string().trim().min(1, "must not be empty").max(50, "must be at most 50 characters"))
    .max(10, "at most 10 labels")
    .optional()
    .describe('Label names to set, e.g. ["bug"]; labels the repository lacks may be ignored by GitHub.'),
});

/**
 * `github_create_issue` (docs/oauth-tools.md): `POST /repos/{owner}/{repo}/issues` in the
 * integration's `settings.repository`; answers the issue's number and web URL.
 */
export const githubCreateIssueTool: IntegrationTool = {
  name: "github_create_issue",
  description:
    "Creates an issue in the team's GitHub repository (the one the integration is configured for), e.g. to report " +
    "a bug a user described. Returns the issue number and its URL, which you can give to the user.",
  presentation: {
    title: { en: "Create a GitHub issue", ru: "Создать задачу в GitHub" },
    summary: {
      en: "Files an issue in your team's GitHub repository, e.g. a bug a customer reported.",
      ru: "Заводит задачу (issue) в репозитории команды на GitHub, например об ошибке, о которой сообщил клиент.",
    },
    ask: (args, language) => {
      const title = textArg(args, "title");
      const named = title ? ` ${quote(title, language, 100)}` : "";
      return language === "ru"
        ? `создать задачу${named} для нашей команды`
        : `file an issue${named} with our team`;
    },
  },
  inputSchema: createIssueInput,
  async execute(context, input: z.infer<typeof createIssueInput>) {
    const repository = configuredRepository(context.settings);
    const issue = await githubRequest(context, {
      what: `creating the issue in ${repository.fullName}`,
      method: "POST",
      path: `/repos/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.name)}/issues`,
      json: {
        title: input.title,
        body: input.body,
        ...(input.labels?.length ? { labels: input.labels } : {}),
      },
      creates: true,
    });
    const number = asNumber(issue.number);
    const url = asString(issue.html_url);
    if (number === undefined || url === undefined) {
      throw new ToolRefusal(
        `GitHub's answer about the new issue in ${repository.fullName} lacked its number; check the repository before trying again.`,
      );
    }
    return { number, url, title: asString(issue.title) ?? input.title, repository: repository.fullName };
  },
};

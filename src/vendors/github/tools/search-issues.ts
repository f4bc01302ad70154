import { z } from "zod";
import { quote, textArg } from "../../../tools/tool-presentation.js";
import type { IntegrationTool } from "../../contract/vendor-tool.js";
import { asArray, asNumber, asRecord, asString } from "../../shared/json-fields.js";
import { githubRequest } from "./github-api.js";
import { configuredRepository } from "./repository-setting.js";

/** The most results one search returns, and the longest title shown (the model's context is precious). */
export const SEARCH_MAX_RESULTS = 20;
const SEARCH_DEFAULT_RESULTS = 10;
const TITLE_MAX_CHARS = 200;

export const searchIssuesInput = z.object({
  query: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .describe(
      "Words to look for in issue titles and bodies, optionally with GitHub search qualifiers such as label:bug " +
        "or author:octocat. The search is always limited to the configured repository.",
    ),
  state: z
    .enum(["open", "closed", "all"])
    .optional()
    .describe("Only open or only closed issues; default all."),
  limit: z
    .number()
    .int("must be a whole number")
    .min(1, `must be between 1 and ${SEARCH_MAX_RESULTS}`)
    .max(SEARCH_MAX_RESULTS, `must be between 1 and ${SEARCH_MAX_RESULTS}`)
    .optional()
    .describe(
      `How many issues to return, best matches first (1 to ${SEARCH_MAX_RESULTS}, default ${SEARCH_DEFAULT_RESULTS}).`,
    ),
});

/**
 * Qualifiers that would widen the search beyond the configured repository (GitHub ORs several
 * `repo:` qualifiers): removed, so a user cannot make the bot read other repositories the
 * token can see.
 */
const SCOPE_QUALIFIER = /(?<![A-Za-z0-9_])-?(?:repo|org|user|owner):(?:"[^"]*"?|[^\s)]*)/gi;

/** The search string sent to GitHub: the model's words, confined to the repository and to issues. */
export function confinedQuery(query: string, repository: string, state: "open" | "closed" | "all"): string {
  const words = query
    .replace(SCOPE_QUALIFIER, " ")
    .replace(/\(\s*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const qualifiers = [`repo:${repository}`, "is:issue", ...(state === "all" ? [] : [`state:${state}`])];
  return [words, ...qualifiers].filter((part) => part !== "").join(" ");
}

/**
 * `github_search_issues` (docs/oauth-tools.md): `GET /search/issues` limited to the
 * integration's `settings.repository` and to issues (not pull requests); answers a compact list.
 */
export const githubSearchIssuesTool: IntegrationTool = {
  name: "github_search_issues",
  description:
    "Searches the issues of the team's GitHub repository, e.g. to find out whether a problem a user reports is " +
    "already known and what its state is. Returns number, title, state and URL of the best matches.",
  presentation: {
    title: { en: "Search GitHub issues", ru: "Искать задачи в GitHub" },
    summary: {
      en: "Looks through your repository's issues, e.g. to see whether a problem is already known.",
      ru: "Ищет среди задач репозитория, например чтобы понять, известна ли уже проблема.",
    },
    ask: (args, language) => {
      const query = textArg(args, "query");
      if (language === "ru") return `поискать среди наших задач${query ? `: ${quote(query, language)}` : ""}`;
      return `search our issues${query ? ` for ${quote(query, language)}` : ""}`;
    },
  },
  inputSchema: searchIssuesInput,
  async execute(context, input: z.infer<typeof searchIssuesInput>) {
    const repository = configuredRepository(context.settings);
    const limit = input.limit ?? SEARCH_DEFAULT_RESULTS;
    const params = new URLSearchParams({
      q: confinedQuery(input.query, repository.fullName, input.state ?? "all"),
      per_page: String(limit),
    });
    const answer = await githubRequest(context, {
      what: `searching the issues of ${repository.fullName}`,
      method: "GET",
      path: `/search/issues?${params.toString()}`,
    });
    const issues = asArray(answer.items)
      .slice(0, limit)
      .map(asRecord)
      .filter((item) => item !== undefined)
      .map((item) => {
        const title = asString(item.title) ?? "";
        return {
          number: asNumber(item.number) ?? null,
          title: title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS - 1)}…` : title,
          state: asString(item.state) ?? null,
          url: asString(item.html_url) ?? null,
        };
      });
    return {
      repository: repository.fullName,
      total_count: asNumber(answer.total_count) ?? issues.length,
      issues,
    };
  },
};

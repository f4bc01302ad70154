import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ToolRefusal } from "../../src/tools/tool-refusal.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import { github as githubVendor } from "../../src/vendors/github/index.js";
import { githubCreateIssueTool } from "../../src/vendors/github/tools/create-issue.js";
import { confinedQuery, githubSearchIssuesTool } from "../../src/vendors/github/tools/search-issues.js";
import { GithubFake } from "./fakes/github-fake.js";
import { failureOf, oauthToolContext, runTool } from "./oauth-tool-context.js";

let fake: GithubFake;
beforeEach(async () => {
  fake = await GithubFake.start();
});
afterEach(async () => {
  await fake.close();
});

const contextWith = (
  settings: Record<string, unknown> = { repository: "acme/support" },
  token = fake.token,
) => oauthToolContext({ token, apiBase: fake.baseUrl, settings });

describe("GitHub tools", () => {
  it("the adapter offers both tools under their documented names", () => {
    expect(githubVendor.tools.map((tool) => tool.name)).toEqual([
      "github_create_issue",
      "github_search_issues",
    ]);
  });

  it("github_create_issue creates the issue in the configured repository with GitHub's headers", async () => {
    const result = await runTool(githubCreateIssueTool, contextWith(), {
      title: "  Checkout button does nothing  ",
      body: "The user clicks **Pay** and nothing happens.",
      labels: ["bug", "from-chat"],
    });
    expect(result).toEqual({
      number: 4,
      url: "https://github.com/acme/support/issues/4",
      title: "Checkout button does nothing",
      repository: "acme/support",
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/repos/acme/support/issues",
      body: {
        title: "Checkout button does nothing",
        body: "The user clicks **Pay** and nothing happens.",
        labels: ["bug", "from-chat"],
      },
    });
    expect(request!.headers).toMatchObject({
      authorization: `Bearer ${fake.token}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      "user-agent": "Parley",
    });
    expect(fake.repositories.get("acme/support")!.at(-1)!.title).toBe("Checkout button does nothing");
  });

  it("github_search_issues searches only the configured repository's issues and answers a compact list", async () => {
    const result = await runTool(githubSearchIssuesTool, contextWith(), { query: "login", state: "open" });
    expect(result).toEqual({
      repository: "acme/support",
      total_count: 1,
      issues: [
        {
          number: 1,
          title: "Login fails with 500 on Safari",
          state: "open",
          url: "https://github.com/acme/support/issues/1",
        },
      ],
    });
    expect(fake.requests[0]!.query).toEqual({
      q: "login repo:acme/support is:issue state:open",
      per_page: "10",
    });
  });

  it("a repo:, org: or user: qualifier in the query cannot widen the search to other repositories", async () => {
    const result = await runTool(githubSearchIssuesTool, contextWith(), {
      query: "login repo:acme/secret org:acme (user:someone) -repo:x",
      limit: 5,
    });
    expect(fake.requests[0]!.query.q).toBe("login repo:acme/support is:issue");
    expect((result.issues as Array<{ title: string }>).map((i) => i.title)).toEqual([
      "Login fails with 500 on Safari",
    ]);
    expect(confinedQuery('bug REPO:"a/b" Owner:x', "acme/support", "closed")).toBe(
      "bug repo:acme/support is:issue state:closed",
    );
  });

  it("long result lists are cut to the limit and long titles shortened", async () => {
    const issues = fake.repositories.get("acme/support")!;
    for (let i = 0; i < 30; i++) {
      issues.push({
        number: 100 + i,
        title: `crash ${"x".repeat(300)}`,
        body: "",
        state: "open",
        labels: [],
      });
    }
    const result = await runTool(githubSearchIssuesTool, contextWith(), { query: "crash", limit: 3 });
    const listed = result.issues as Array<{ title: string }>;
    expect(listed).toHaveLength(3);
    expect(result.total_count).toBe(30);
    expect(listed[0]!.title.length).toBe(200);
    expect(listed[0]!.title.endsWith("…")).toBe(true);
    expect(() => githubSearchIssuesTool.inputSchema.parse({ query: "crash", limit: 50 })).toThrow();
  });

  it("missing or malformed settings.repository is a refusal naming the setting, and GitHub is not called", async () => {
    for (const settings of [{}, { repository: "acme" }, { repository: "acme/.." }, { repository: 42 }]) {
      const error = await failureOf(
        runTool(githubCreateIssueTool, contextWith(settings), { title: "t", body: "b" }),
      );
      expect(error).toBeInstanceOf(ToolRefusal);
      expect(error.message).toContain("settings.repository");
    }
    const search = await failureOf(runTool(githubSearchIssuesTool, contextWith({}), { query: "x" }));
    expect(search.message).toMatch(/must set settings\.repository/);
    expect(fake.requests).toHaveLength(0);
  });

  it("GitHub's refusal reaches the model with GitHub's own words", async () => {
    const missing = await failureOf(
      runTool(githubCreateIssueTool, contextWith({ repository: "acme/gone" }), { title: "t", body: "b" }),
    );
    expect(missing).toBeInstanceOf(ToolRefusal);
    expect(missing.message).toBe("GitHub refused creating the issue in acme/gone (HTTP 404): Not Found");
    const invalid = await failureOf(
      githubCreateIssueTool.execute(contextWith(), { title: "", body: "b" }, undefined as never),
    );
    expect(invalid.message).toBe(
      "GitHub refused creating the issue in acme/support (HTTP 422): Validation Failed; title missing_field",
    );
  });

  it("a rate limit (403 with no requests remaining) is a refusal saying to try later", async () => {
    fake.rateLimited = true;
    const error = await failureOf(runTool(githubSearchIssuesTool, contextWith(), { query: "login" }));
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).toBe("GitHub is limiting requests right now; try again later.");
  });

  it("a refused token is ChannelError credentials_rejected, and the token never appears in the message", async () => {
    const stale = `gho_${"0".repeat(36)}`;
    const error = await failureOf(
      runTool(githubCreateIssueTool, contextWith(undefined, stale), { title: "t", body: "b" }),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).kind).toBe("credentials_rejected");
    expect(error.message).toBe("GitHub refused the access token (HTTP 401): Bad credentials");
    expect(error.message).not.toContain(stale);
  });

  it("an unreachable GitHub is a refusal that warns the issue may exist", async () => {
    const context = oauthToolContext({
      token: fake.token,
      apiBase: "http://127.0.0.1:9",
      settings: { repository: "acme/support" },
    });
    const error = await failureOf(runTool(githubCreateIssueTool, context, { title: "t", body: "b" }));
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).toBe(
      "GitHub could not be reached while creating the issue in acme/support. It may have gone through: check before trying again.",
    );
  });
});

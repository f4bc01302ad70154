import { randomBytes } from "node:crypto";
import { type FakeAnswer, LoopbackServer, type RecordedRequest } from "./loopback-server.js";
import { FakeTokenEndpoint } from "./oauth-token-endpoint.js";

/**
 * A fake GitHub REST API (docs/oauth-tools.md) on loopback: `POST /repos/{owner}/{repo}/issues`
 * and `GET /search/issues`, with GitHub's checks (a Bearer token, a User-Agent, the JSON media
 * type, the API version header) and its error bodies (`{"message", "errors"?, "documentation_url"}`:
 * 401 bad credentials, 403 rate limit with `x-ratelimit-remaining: 0`, 404, 422 validation).
 */

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  labels: string[];
  /** GitHub lists pull requests among issues; the search's `is:issue` excludes them. */
  pullRequest?: boolean;
}

const DOCS = "https://docs.github.com/rest";

export class GithubFake {
  readonly token = `gho_${randomBytes(18).toString("hex")}`;
  readonly repositories = new Map<string, FakeIssue[]>();
  /** When set, every call answers 403 with an exhausted rate limit. */
  rateLimited = false;
  /** When set, the token is no longer accepted (401), as after the user revoked the app. */
  revoked = false;
  /** `POST /login/oauth/access_token`: an OAuth app's token (no expiry, no refresh token). */
  readonly oauth = new FakeTokenEndpoint(
    () => ({ access_token: this.token, token_type: "bearer", scope: "repo" }),
    200,
  );
  private constructor(private readonly server: LoopbackServer) {}

  static async start(): Promise<GithubFake> {
    let fake: GithubFake | undefined;
    const server = await LoopbackServer.start((request) => fake!.route(request));
    fake = new GithubFake(server);
    fake.repositories.set("acme/support", [
      {
        number: 1,
        title: "Login fails with 500 on Safari",
        body: "Steps: …",
        state: "open",
        labels: ["bug"],
      },
      {
        number: 2,
        title: "Export to CSV drops the last row",
        body: "CSV export",
        state: "closed",
        labels: [],
      },
      {
        number: 3,
        title: "Login page typo",
        body: "Fix the typo",
        state: "open",
        labels: [],
        pullRequest: true,
      },
    ]);
    fake.repositories.set("acme/secret", [
      { number: 7, title: "Login secret roadmap", body: "", state: "open", labels: [] },
    ]);
    return fake;
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  get requests(): RecordedRequest[] {
    return this.server.requests;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** The environment that points Parley's GitHub OAuth and API at this fake. */
  get env(): Record<string, string> {
    return {
      PARLEY_GITHUB_AUTHORIZE_URL: `${this.baseUrl}/login/oauth/authorize`,
      PARLEY_GITHUB_TOKEN_URL: `${this.baseUrl}/login/oauth/access_token`,
      PARLEY_GITHUB_API_URL: this.baseUrl,
    };
  }

  private route(request: RecordedRequest): FakeAnswer {
    if (request.method === "POST" && request.path === "/login/oauth/access_token")
      return this.oauth.answer(request);
    if (this.revoked || request.headers.authorization !== `Bearer ${this.token}`) {
      return { status: 401, body: { message: "Bad credentials", documentation_url: DOCS } };
    }
    if (!request.headers["user-agent"]) {
      return {
        status: 403,
        body: {
          message:
            "Request forbidden by administrative rules. Please make sure your request has a User-Agent header.",
        },
      };
    }
    if (request.headers.accept !== "application/vnd.github+json") {
      return { status: 415, body: { message: "Unsupported 'Accept' header", documentation_url: DOCS } };
    }
    if (request.headers["x-github-api-version"] !== "2022-11-28") {
      return { status: 400, body: { message: "API version is not supported.", documentation_url: DOCS } };
    }
    if (this.rateLimited) {
      return {
        status: 403,
        headers: {
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 60),
        },
        body: { message: "API rate limit exceeded for user ID 1.", documentation_url: DOCS },
      };
    }
    const create = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(request.path);
    if (create && request.method === "POST")
      return this.createIssue(`${create[1]}/${create[2]}`, request.body);
    if (request.path === "/search/issues" && request.method === "GET") return this.search(request.query);
    return { status: 404, body: { message: "Not Found", documentation_url: DOCS } };
  }

  private createIssue(fullName: string, body: unknown): FakeAnswer {
    const issues = this.repositories.get(fullName);
    if (!issues) return { status: 404, body: { message: "Not Found", documentation_url: DOCS } };
    const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof input.title !== "string" || input.title === "") {
      return {
        status: 422,
        body: {
          message: "Validation Failed",
          errors: [{ resource: "Issue", code: "missing_field", field: "title" }],
          documentation_url: DOCS,
        },
      };
    }
    const issue: FakeIssue = {
      number: issues.length + 1,
      title: input.title,
      body: typeof input.body === "string" ? input.body : "",
      state: "open",
      labels: Array.isArray(input.labels) ? input.labels.map(String) : [],
    };
    issues.push(issue);
    return { status: 201, body: this.issueJson(fullName, issue) };
  }

  private search(query: Record<string, string>): FakeAnswer {
    const q = query.q ?? "";
    const terms = q.split(/\s+/).filter(Boolean);
    const repos = terms.filter((t) => t.startsWith("repo:")).map((t) => t.slice(5));
    const unknown = repos.find((repo) => !this.repositories.has(repo));
    if (repos.length === 0 || unknown) {
      return {
        status: 422,
        body: {
          message: "Validation Failed",
          errors: [
            {
              message:
                "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.",
              resource: "Search",
              field: "q",
              code: "invalid",
            },
          ],
          documentation_url: DOCS,
        },
      };
    }
    const state = terms.find((t) => t.startsWith("state:"))?.slice(6);
    const issuesOnly = terms.includes("is:issue");
    const words = terms.filter((t) => !t.includes(":")).map((t) => t.toLowerCase());
    const perPage = Math.min(Number(query.per_page ?? 30), 100);
    const found = repos.flatMap((repo) =>
      (this.repositories.get(repo) ?? [])
        .filter((issue) => !issuesOnly || !issue.pullRequest)
        .filter((issue) => !state || issue.state === state)
        .filter((issue) => words.every((w) => `${issue.title} ${issue.body}`.toLowerCase().includes(w)))
        .map((issue) => this.issueJson(repo, issue)),
    );
    return {
      status: 200,
      body: { total_count: found.length, incomplete_results: false, items: found.slice(0, perPage) },
    };
  }

  private issueJson(fullName: string, issue: FakeIssue): Record<string, unknown> {
    return {
      url: `https://api.github.com/repos/${fullName}/issues/${issue.number}`,
      html_url: `https://github.com/${fullName}/${issue.pullRequest ? "pull" : "issues"}/${issue.number}`,
      id: 1_000_000 + issue.number,
      node_id: `I_kwDO${issue.number}`,
      number: issue.number,
      title: issue.title,
      user: { login: "parley-bot", id: 42, type: "User" },
      labels: issue.labels.map((name, index) => ({ id: index + 1, name, color: "d73a4a", default: false })),
      state: issue.state,
      locked: false,
      comments: 0,
      created_at: "2026-01-05T10:00:00Z",
      updated_at: "2026-01-05T10:00:00Z",
      closed_at: issue.state === "closed" ? "2026-01-06T10:00:00Z" : null,
      author_association: "OWNER",
      body: issue.body,
      ...(issue.pullRequest
        ? { pull_request: { url: `https://api.github.com/repos/${fullName}/pulls/${issue.number}` } }
        : {}),
      score: 1,
    };
  }
}

import { stringSetting } from "../../shared/tool-http.js";

/** `owner/name` as GitHub allows them (no `.` or `..` as a name: they would change the URL path). */
const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

export interface GithubRepository {
  owner: string;
  name: string;
  /** `owner/name` */
  fullName: string;
}

/** The repository the GitHub tools work in: the integration's `settings.repository` (docs/oauth-tools.md). */
export function configuredRepository(settings: Record<string, unknown>): GithubRepository {
  const fullName = stringSetting(settings, "repository", {
    integration: "GitHub",
    expected: 'the repository as "owner/name", e.g. "acme/support"',
    pattern: REPOSITORY,
  });
  const [owner = "", name = ""] = fullName.split("/");
  return { owner, name, fullName };
}

import { z } from "zod";

/**
 * Base URLs of the model providers and the vendors' APIs (docs/configuration.md, "Bad values"):
 * every variable whose name ends in `_URL`, but the database's and Redis's, which have schemes
 * of their own. A URL without its scheme (`localhost:1234`) parses as a URL of scheme
 * `localhost:`, so checking that it parses is not enough: it must be absolute http(s).
 */
export const isBaseUrlVariable = (name: string): boolean =>
  name.endsWith("_URL") && name !== "DATABASE_URL" && name !== "REDIS_URL";

/** The value as a message may show it: a password in it replaced. */
const shown = (value: string) => `'${value.replace(/\/\/[^/@\s]*@/, "//…@")}'`;

/** What is wrong with `value` as a base URL, or undefined when it is an absolute http(s) URL. */
export function httpUrlProblem(value: string): string | undefined {
  const example = "such as https://api.example.com/v1";
  if (/^[a-z0-9.-]+:\d+(\/|$)/i.test(value) || /^[a-z0-9.-]+\.[a-z]{2,}(\/|$)/i.test(value)) {
    return `${shown(value)} has no scheme: write http://${value} or https://${value}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${shown(value)} is not a URL: write an absolute http:// or https:// URL ${example}`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `${shown(value)} must start with http:// or https://, not ${url.protocol}`;
  }
  if (!/^https?:\/\/[^/]/i.test(value))
    return `${shown(value)} must start with http:// or https:// and a host`;
  if (!url.hostname) return `${shown(value)} has no host: write an absolute URL ${example}`;
  return undefined;
}

/** A base URL variable's schema: an absolute http(s) URL, or the reason it is not. */
export const httpUrl = () =>
  z.string().superRefine((value, ctx) => {
    const problem = httpUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** What the browser shows at the end of a consent (docs/oauth.md, "The callback page"). */
export interface CallbackOutcome {
  status: 200 | 400 | 502;
  title: string;
  detail: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * A small self-contained page: no script, no link, no external resource, every text escaped.
 * It never shows a code, token or state.
 */
export function callbackPage(outcome: CallbackOutcome): string {
  const ok = outcome.status === 200;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(outcome.title)} · Parley</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1d2430;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px 40px;max-width:520px}
h1{font-size:1.3rem;margin:0 0 12px;color:${ok ? "#137333" : "#b3261e"}}
p{line-height:1.5;margin:0}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(outcome.title)}</h1>
<p>${escapeHtml(outcome.detail)}</p>
</main>
</body>
</html>
`;
}

/**
 * Headers of the page: nothing may load or run, nothing is cached, and no Referer carries the
 * callback URL (with its code) anywhere.
 */
export const CALLBACK_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
} as const;

/**
 * What the embed section shows besides the API's `embed_snippet`: the same tag with a signed-in
 * user's identity, and how a site's server signs it (docs/widget.md: `data-user-signature` is the
 * hex HMAC-SHA256 of `data-user-id` with the chat's identity secret).
 */

/** Placeholders the site's own template fills in. */
export const USER_ID_PLACEHOLDER = "USER_ID";
export const SIGNATURE_PLACEHOLDER = "SIGNATURE";

/**
 * The embed tag with `data-user-id` and `data-user-signature` added to the opening `<script …>`;
 * null when the snippet has no opening tag to extend (then only the prose explains it).
 */
export function identifiedSnippet(snippet: string): string | null {
  const match = /<script\b[^>]*?(\s*\/?)>/i.exec(snippet);
  if (!match) return null;
  const end = match.index + match[0].length - match[1]!.length - 1;
  const attributes = ` data-user-id="${USER_ID_PLACEHOLDER}" data-user-signature="${SIGNATURE_PLACEHOLDER}"`;
  return `${snippet.slice(0, end)}${attributes}${snippet.slice(end)}`;
}

/** Three lines of Node.js for the site's server (the secret stays there, never in the page). */
export const NODE_SIGNATURE_EXAMPLE = [
  'const { createHmac } = require("node:crypto");',
  'const signature = createHmac("sha256", process.env.PARLEY_WIDGET_SECRET).update(String(user.id)).digest("hex");',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the example is a JS template literal.
  'const attributes = `data-user-id="${user.id}" data-user-signature="${signature}"`;',
].join("\n");

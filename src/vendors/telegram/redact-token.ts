/**
 * The bot token is part of every Bot API URL, so anything that may quote a URL (a fetch
 * error, a proxy's error page) goes through this before it reaches an error message or a log.
 */
export function redactToken(text: string, token: string): string {
  return token.length > 0 ? text.split(token).join("<token>") : text;
}

import { ApiError } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";

/** The refusals of publishing and rolling back that have their own words on this screen. */
const KNOWN = new Set([
  "evals_required",
  "evals_failed",
  "nothing_to_publish",
  "nothing_to_roll_back",
  "never_published",
  "draft_required",
  "version_not_found",
]);

/** A failed publish, rollback or discard, in the console's language (the server's words otherwise). */
export function useVersionErrorText(): (error: unknown) => string {
  const t = useT("versions");
  const errorText = useErrorText();
  return (error: unknown) =>
    error instanceof ApiError && KNOWN.has(error.code) ? t(`errors.${error.code}`) : errorText(error);
}

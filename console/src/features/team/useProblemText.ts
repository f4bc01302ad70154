import { useT } from "../../i18n/I18nProvider";
import { MIN_PASSWORD_LENGTH } from "./api";
import type { FieldProblem } from "./operator-form";

/** Words for a client-side form problem (`tooShort` → "At least 10 characters"). */
export function useProblemText(): (problem: FieldProblem | undefined) => string | undefined {
  const t = useT("team");
  return (problem) => (problem ? t(`problems.${problem}`, { min: MIN_PASSWORD_LENGTH }) : undefined);
}

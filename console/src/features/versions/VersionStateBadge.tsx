import { Badge } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { VersionState } from "./api";

const COLORS: Record<VersionState, string> = { published: "teal", draft: "orange", archived: "gray" };

/** Published (answers customers), draft (answers "Try it") or archived. */
export function VersionStateBadge({ state }: { state: VersionState }) {
  const t = useT("versions");
  return (
    // max-content: a narrow table cell must not cut the word (its overflow is hidden).
    <Badge
      color={COLORS[state]}
      variant="light"
      style={{ minWidth: "max-content" }}
      data-testid="version-state"
      data-state={state}
    >
      {t(`state.${state}`)}
    </Badge>
  );
}

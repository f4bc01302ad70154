import { Badge, type BadgeProps } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { ThreadStatus } from "./types";

const STATUS_COLORS: Record<ThreadStatus, string> = {
  open: "blue",
  pending: "yellow",
  snoozed: "grape",
  resolved: "green",
};

/** A conversation's status (docs/conversations.md, "Status"); nothing for `open`, the usual case. */
export function StatusBadge({
  status,
  ...props
}: { status: ThreadStatus | undefined } & BadgeProps & { "data-testid"?: string }) {
  const t = useT("inbox");
  if (!status || status === "open") return null;
  return (
    <Badge variant="outline" color={STATUS_COLORS[status]} data-status={status} {...props}>
      {t(`status.${status}`)}
    </Badge>
  );
}

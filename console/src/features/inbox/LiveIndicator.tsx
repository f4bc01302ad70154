import { Badge } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { LiveStatus } from "./useInboxLive";

const COLORS: Record<LiveStatus, string> = { live: "green", connecting: "gray", reconnecting: "orange" };

/** Whether the event stream is connected (updates arrive by themselves) or coming back. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const t = useT("inbox");
  const tc = useT("common");
  const label =
    status === "live"
      ? tc("state.live")
      : status === "reconnecting"
        ? tc("state.reconnecting")
        : t("live.connecting");
  return (
    <Badge
      data-testid="live-indicator"
      data-status={status}
      variant="dot"
      color={COLORS[status]}
      size="sm"
      role="status"
      aria-live="polite"
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}

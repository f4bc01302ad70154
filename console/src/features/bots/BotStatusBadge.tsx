import { Badge } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { BotStatus } from "./bots-api";

const COLORS: Record<BotStatus, string> = { active: "green", disabled: "gray", error: "red" };

export function BotStatusBadge({ status }: { status: BotStatus }) {
  const t = useT("bots");
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light" style={{ flexShrink: 0, overflow: "visible" }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

import { Badge, Tooltip } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { Availability, OperatorRouting } from "./api";

const COLORS: Record<Availability, string> = { online: "green", busy: "yellow", offline: "gray" };

/** An operator's availability as routing sees it; the tooltip tells when it differs from what they set. */
export function AvailabilityBadge({ operator }: { operator: OperatorRouting }) {
  const t = useT("routing");
  const effective = operator.effective_availability ?? operator.availability ?? "offline";
  const set = operator.availability ?? effective;
  const badge = (
    <Badge variant="light" color={COLORS[effective]} data-testid="availability-badge">
      {t(`availability.${effective}`)}
    </Badge>
  );
  return set === effective ? (
    badge
  ) : (
    <Tooltip label={t("availability.idle", { set: t(`availability.${set}`) })}>{badge}</Tooltip>
  );
}

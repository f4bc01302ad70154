import { Badge, type BadgeProps } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { MODE_COLORS } from "./modes";
import type { ThreadMode } from "./types";

export function ModeBadge({
  mode,
  ...props
}: { mode: ThreadMode } & BadgeProps & { "data-testid"?: string }) {
  const t = useT("inbox");
  return (
    <Badge variant="light" color={MODE_COLORS[mode]} data-mode={mode} {...props}>
      {t(`mode.${mode}`)}
    </Badge>
  );
}

import { Badge, Group, Loader, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import type { FileCounts, VectorStoreStatus } from "./api";
import { storeStatusColor } from "./file-status";

export function StoreStatusBadge({ status }: { status: VectorStoreStatus }) {
  const t = useT("knowledge");
  return (
    <Badge
      color={storeStatusColor(status)}
      variant="light"
      styles={{ label: { overflow: "visible" } }}
      leftSection={status === "indexing" ? <Loader size={10} color="blue" /> : null}
    >
      {t(`storeStatus.${status}`)}
    </Badge>
  );
}

/** "3 files · 1 processing · 1 failed". */
export function FileCountsText({ counts }: { counts: FileCounts }) {
  const t = useT("knowledge");
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{t("counts.files", { n: counts.total })}</Text>
      {counts.in_progress > 0 ? (
        <Text size="sm" c="blue">
          · {t("counts.inProgress", { n: counts.in_progress })}
        </Text>
      ) : null}
      {counts.failed > 0 ? (
        <Text size="sm" c="red">
          · {t("counts.failed", { n: counts.failed })}
        </Text>
      ) : null}
    </Group>
  );
}

import { Table, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { AvailabilityBadge } from "./AvailabilityBadge";
import type { OperatorRouting } from "./api";
import { CapacityInput } from "./CapacityInput";

/** The Team table's routing headers: availability and capacity (docs/routing.md). */
export function OperatorRoutingHeaders() {
  const t = useT("routing");
  return (
    <>
      <Table.Th visibleFrom="xs">{t("availability.column")}</Table.Th>
      <Table.Th visibleFrom="sm">{t("capacity.column")}</Table.Th>
    </>
  );
}

/** An operator's availability and capacity cells; admins edit the capacity. */
export function OperatorRoutingCells({ operator, manage }: { operator: OperatorRouting; manage: boolean }) {
  const t = useT("routing");
  return (
    <>
      <Table.Td visibleFrom="xs">
        <AvailabilityBadge operator={operator} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        {manage ? (
          <CapacityInput operator={operator} />
        ) : (
          <Text size="sm">{operator.capacity == null ? t("capacity.unlimited") : operator.capacity}</Text>
        )}
      </Table.Td>
    </>
  );
}

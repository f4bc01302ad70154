import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { OperatorRoutingCells, OperatorRoutingHeaders } from "../routing/OperatorRoutingCells";
import type { Operator } from "./api";
import { OperatorRoleSelect } from "./OperatorRoleSelect";
import { OperatorRowActions } from "./OperatorRowActions";

/**
 * The project's people. Admins change roles and passwords and remove people, except on their
 * own row: demoting or removing oneself would lock one out of this page.
 */
export function OperatorsTable(props: { operators: Operator[]; manage: boolean; selfId: string }) {
  const t = useT("team");
  const tc = useT("common");
  const format = useFormatters();
  return (
    <Table verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("fields.name")}</Table.Th>
          <Table.Th visibleFrom="sm">{t("fields.email")}</Table.Th>
          <Table.Th>{t("fields.role")}</Table.Th>
          <OperatorRoutingHeaders />
          <Table.Th visibleFrom="sm">{t("fields.lastSignIn")}</Table.Th>
          {props.manage && (
            // Named for screen readers by its attribute: an empty column needs no hidden text in it.
            <Table.Th aria-label={t("actions")} />
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.operators.map((operator) => {
          const self = operator.id === props.selfId;
          return (
            <Table.Tr key={operator.id} data-testid="operator-row" data-operator-id={operator.id}>
              <Table.Td>
                <Stack gap={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {operator.name}
                    </Text>
                    {self && (
                      <Badge size="xs" variant="outline">
                        {t("you")}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: "break-all" }}>
                    {operator.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" style={{ wordBreak: "break-all" }}>
                  {operator.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {props.manage && !self ? (
                  <OperatorRoleSelect operator={operator} />
                ) : (
                  <Badge variant="light" color={operator.role === "admin" ? "indigo" : "gray"}>
                    {tc(`role.${operator.role}`)}
                  </Badge>
                )}
              </Table.Td>
              <OperatorRoutingCells operator={operator} manage={props.manage} />
              <Table.Td visibleFrom="sm">
                <Text size="sm">
                  {operator.last_sign_in_at ? format.dateTime(operator.last_sign_in_at) : t("never")}
                </Text>
              </Table.Td>
              {props.manage && <Table.Td>{!self && <OperatorRowActions operator={operator} />}</Table.Td>}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

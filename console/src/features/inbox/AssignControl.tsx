import { Alert, Button, Group, Menu, Stack } from "@mantine/core";
import { IconChevronDown, IconUserPlus } from "@tabler/icons-react";
import { useSignedIn } from "../../auth/SessionProvider";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import type { Thread } from "./types";
import { useOperators } from "./useInboxLookups";
import { useAssign } from "./useThreadActions";

/** Who works on the thread: "Assign to me" at hand, anybody else (or nobody) from a menu. */
export function AssignControl({ thread }: { thread: Thread }) {
  const t = useT("inbox");
  const errorText = useErrorText();
  const session = useSignedIn();
  const operators = useOperators();
  const assign = useAssign(thread.id);
  const assignee = thread.assignee ?? null;
  const mine = assignee?.id === session.user.id;

  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        {!mine ? (
          <Button
            size="xs"
            variant="light"
            data-testid="assign-me-button"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            loading={assign.isPending && assign.variables === session.user.id}
            disabled={assign.isPending}
            onClick={() => assign.mutate(session.user.id)}
          >
            {t("assign.me")}
          </Button>
        ) : null}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              rightSection={<IconChevronDown size={14} aria-hidden />}
              aria-label={t("assign.menuLabel", { name: assignee?.name ?? t("list.unassigned") })}
              disabled={assign.isPending}
            >
              {assignee ? assignee.name : t("list.unassigned")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t("assign.to")}</Menu.Label>
            {operators.isPending ? <Menu.Item disabled>{t("assign.loading")}</Menu.Item> : null}
            {operators.isError ? <Menu.Item disabled>{errorText(operators.error)}</Menu.Item> : null}
            {(operators.data ?? []).map((operator) => (
              <Menu.Item
                key={operator.id}
                disabled={operator.id === assignee?.id}
                onClick={() => assign.mutate(operator.id)}
              >
                {operator.id === session.user.id
                  ? t("assign.meName", { name: operator.name })
                  : operator.name}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item color="red" disabled={!assignee} onClick={() => assign.mutate(null)}>
              {t("assign.unassign")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {assign.isError ? (
        <Alert color="red" p="xs" role="alert">
          {errorText(assign.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

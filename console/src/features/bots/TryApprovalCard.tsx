import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useT } from "../../i18n/I18nProvider";
import { argumentRows } from "./try-approval";
import type { ToolCallView } from "./try-conversation";

/**
 * A call the Try-it reply paused on: its title for people and its arguments, with Approve /
 * Reject (the approvals endpoint the inbox uses). A `user_approve` call can also be answered
 * with a typed yes or no, which the hint says.
 */
export function TryApprovalCard(props: {
  call: ToolCallView;
  title: string;
  /** Absent while another reply is on its way: the buttons wait. */
  onDecide?: ((approve: boolean) => void) | undefined;
}) {
  const t = useT("bots");
  const [pressed, setPressed] = useState<boolean | null>(null);
  const { call } = props;
  const rows = argumentRows(call.args);
  const decide = (approve: boolean) => {
    setPressed(approve);
    props.onDecide?.(approve);
  };
  return (
    <Paper withBorder p="xs" mb="xs" bg="var(--mantine-color-orange-light)" data-testid="try-approval">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("try.approval.title", { title: props.title })}
        </Text>
        {rows.length > 0 && (
          <Stack gap={2} aria-label={t("try.approval.args")}>
            {rows.map((row) => (
              <Text key={row.key} size="xs" style={{ overflowWrap: "anywhere" }}>
                {row.key && (
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {row.key}:{" "}
                  </Text>
                )}
                {row.value}
              </Text>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          {t(call.approvalPolicy === "user_approve" ? "try.approval.hintUser" : "try.approval.hintOperator")}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            color="red"
            variant="light"
            data-testid="try-reject"
            disabled={!props.onDecide || pressed !== null}
            loading={pressed === false}
            onClick={() => decide(false)}
          >
            {t("try.approval.reject")}
          </Button>
          <Button
            size="xs"
            color="green"
            data-testid="try-approve"
            disabled={!props.onDecide || pressed !== null}
            loading={pressed === true}
            onClick={() => decide(true)}
          >
            {t("try.approval.approve")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

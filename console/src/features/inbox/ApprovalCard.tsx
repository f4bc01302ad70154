import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { decideApproval, inboxKeys } from "./api";
import { prettyJson } from "./conversation";
import classes from "./thread.module.css";
import type { ToolApproval } from "./types";

/** One pending tool call: what the AI wants to run, with which arguments; approve or reject it. */
export function ApprovalCard({ approval }: { approval: ToolApproval }) {
  const t = useT("inbox");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      decideApproval(
        approval.thread_id,
        approval.id,
        approve,
        approve ? undefined : reason.trim() || undefined,
      ),
    onSuccess: (decided) => {
      notifications.show({
        color: decided.status === "approved" ? "green" : "orange",
        message: t(decided.status === "approved" ? "approvals.approved" : "approvals.rejected", {
          name: decided.tool_name,
        }),
      });
    },
    onSettled: () => {
      // Decided here or already elsewhere (409 approval_not_pending): show the server's list.
      queryClient.invalidateQueries({ queryKey: inboxKeys.approvals(approval.thread_id) });
      queryClient.invalidateQueries({ queryKey: inboxKeys.thread(approval.thread_id), exact: true });
    },
  });

  return (
    <Paper withBorder p="xs" data-testid="approval" data-approval-id={approval.id}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t("message.tool", { name: approval.tool_name })}
          </Text>
          <Badge size="sm" variant="light" color={approval.policy === "operator_approve" ? "orange" : "gray"}>
            {t(`approvals.policy.${approval.policy}`)}
          </Badge>
        </Group>
        <Code block fz="xs" className={classes.args} aria-label={t("approvals.args")}>
          {prettyJson(approval.args)}
        </Code>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            size="xs"
            style={{ flex: "1 1 12rem" }}
            aria-label={t("approvals.reason")}
            placeholder={t("approvals.reason")}
            title={t("approvals.reasonPlaceholder")}
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              color="red"
              variant="light"
              data-testid="reject-button"
              loading={decide.isPending && decide.variables === false}
              disabled={decide.isPending}
              onClick={() => decide.mutate(false)}
            >
              {t("approvals.reject")}
            </Button>
            <Button
              size="xs"
              color="green"
              data-testid="approve-button"
              loading={decide.isPending && decide.variables === true}
              disabled={decide.isPending}
              onClick={() => decide.mutate(true)}
            >
              {t("approvals.approve")}
            </Button>
          </Group>
        </Group>
        {decide.isError ? (
          <Alert color="red" p="xs" role="alert">
            {errorText(decide.error)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

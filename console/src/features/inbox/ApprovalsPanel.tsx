import { Alert, Stack, Text } from "@mantine/core";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { ApprovalCard } from "./ApprovalCard";
import classes from "./thread.module.css";
import { useApprovals } from "./useThread";

/**
 * Tool calls the AI wants to make that wait for a decision (GET …/approvals, pending only).
 * Nothing is shown while none waits; the list refreshes on the thread's events.
 */
export function ApprovalsPanel({ threadId }: { threadId: string }) {
  const t = useT("inbox");
  const errorText = useErrorText();
  const approvals = useApprovals(threadId);
  const pending = (approvals.data ?? []).filter((approval) => approval.status === "pending");

  if (approvals.isError) {
    return (
      <Alert color="red" p="xs" role="alert" title={t("approvals.loadError")}>
        {errorText(approvals.error)}
      </Alert>
    );
  }
  if (pending.length === 0) return null;
  return (
    <section className={classes.approvals} aria-label={t("approvals.title", { n: pending.length })}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t("approvals.title", { n: pending.length })}
        </Text>
        {pending.map((approval) => (
          <ApprovalCard key={approval.id} approval={approval} />
        ))}
      </Stack>
    </section>
  );
}

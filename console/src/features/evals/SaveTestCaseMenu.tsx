import { ActionIcon, Anchor, Menu, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDots, IconFlask } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { caseFromFeedback, caseFromThread, type EvalCase, evalKeys } from "./api";

/**
 * An AI message's menu in the thread view (docs/quality.md, "Versions and evaluations in the
 * console"): **Save as test case** keeps the conversation before this message as a case of the
 * thread's bot; **Add to tests**, where a 👎 carries a better answer, makes that answer the
 * case's rubric. Admins only (the evaluation routes are theirs).
 */
export function SaveTestCaseMenu(props: {
  botId: string;
  threadId: string;
  messageId: string;
  /** A 👎 on this message carries a correction. */
  hasCorrection: boolean;
}) {
  const t = useT("evals");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (from: "thread" | "feedback") =>
      from === "thread"
        ? caseFromThread(props.botId, { thread_id: props.threadId, message_id: props.messageId })
        : caseFromFeedback(props.botId, { thread_id: props.threadId, message_id: props.messageId }),
    onSuccess: (saved: EvalCase) => {
      void queryClient.invalidateQueries({ queryKey: evalKeys.cases(props.botId) });
      notifications.show({
        color: "green",
        message: (
          <Stack gap={2} data-testid="test-case-saved">
            <Text size="sm">{t("fromInbox.saved", { name: saved.name })}</Text>
            {/* Notifications live outside the router: a plain link. */}
            <Anchor size="sm" href={`/console/bots/${encodeURIComponent(props.botId)}?tab=evals`}>
              {t("fromInbox.open")}
            </Anchor>
          </Stack>
        ),
      });
    },
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t("fromInbox.menu")}
          loading={save.isPending}
          data-testid="message-menu"
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFlask size={14} aria-hidden />}
          onClick={() => save.mutate("thread")}
          data-testid="save-test-case"
        >
          {t("fromInbox.saveAsCase")}
        </Menu.Item>
        {props.hasCorrection ? (
          <Menu.Item
            leftSection={<IconFlask size={14} aria-hidden />}
            onClick={() => save.mutate("feedback")}
            data-testid="add-to-tests"
          >
            {t("fromInbox.addToTests")}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

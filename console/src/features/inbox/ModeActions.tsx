import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconHandStop, IconRobot, IconUserCheck } from "@tabler/icons-react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { modeActions } from "./modes";
import type { Thread } from "./types";
import { useSetMode } from "./useThreadActions";

/** Take over (manual), hand back to the AI (auto), block (after a confirmation). */
export function ModeActions({ thread }: { thread: Thread }) {
  const t = useT("inbox");
  const tc = useT("common");
  const errorText = useErrorText();
  const setMode = useSetMode(thread.id);
  const [confirmOpen, confirm] = useDisclosure(false);
  const actions = modeActions(thread.mode);
  const pendingMode = setMode.isPending ? setMode.variables : null;

  return (
    <Stack gap={4}>
      <Group gap="xs">
        {actions.takeOver ? (
          <Button
            size="xs"
            data-testid="take-over-button"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            loading={pendingMode === "manual"}
            disabled={setMode.isPending}
            onClick={() => setMode.mutate("manual")}
          >
            {t("actions.takeOver")}
          </Button>
        ) : null}
        {actions.handBack ? (
          <Button
            size="xs"
            variant="light"
            data-testid="hand-back-button"
            leftSection={<IconRobot size={16} aria-hidden />}
            loading={pendingMode === "auto"}
            disabled={setMode.isPending}
            onClick={() => setMode.mutate("auto")}
          >
            {thread.mode === "blocked" ? t("actions.unblock") : t("actions.handBack")}
          </Button>
        ) : null}
        {actions.block ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            data-testid="block-button"
            leftSection={<IconHandStop size={16} aria-hidden />}
            loading={pendingMode === "blocked"}
            disabled={setMode.isPending}
            onClick={confirm.open}
          >
            {t("actions.block")}
          </Button>
        ) : null}
      </Group>
      {setMode.isError ? (
        <Alert color="red" p="xs" role="alert">
          {errorText(setMode.error)}
        </Alert>
      ) : null}
      <Modal opened={confirmOpen} onClose={confirm.close} title={t("actions.blockConfirm.title")} centered>
        <Stack>
          <Text size="sm">{t("actions.blockConfirm.text")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {tc("actions.cancel")}
            </Button>
            <Button
              color="red"
              data-testid="block-confirm-button"
              onClick={() => {
                confirm.close();
                setMode.mutate("blocked");
              }}
            >
              {t("actions.blockConfirm.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

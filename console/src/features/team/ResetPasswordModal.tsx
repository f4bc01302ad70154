import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import { MIN_PASSWORD_LENGTH, type Operator, updateOperator } from "./api";
import { type FieldProblem, operatorServerErrors, passwordProblem } from "./operator-form";
import { useProblemText } from "./useProblemText";

/** An admin sets a new password for someone (who then signs in with it and tells no one). */
export function ResetPasswordModal(props: { operator: Operator; opened: boolean; onClose(): void }) {
  const t = useT("team");
  const tc = useT("common");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("reset.title", { name: props.operator.name })}
      closeButtonProps={{ "aria-label": tc("actions.close") }}
    >
      <ResetPasswordForm operator={props.operator} onDone={props.onClose} />
    </Modal>
  );
}

function ResetPasswordForm(props: { operator: Operator; onDone(): void }) {
  const t = useT("team");
  const tc = useT("common");
  const problemText = useProblemText();
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<FieldProblem | undefined>();
  const mutation = useMutation({
    mutationFn: () => updateOperator(props.operator.id, { password }),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("reset.done", { name: props.operator.name }) });
      props.onDone();
    },
  });
  const serverError = operatorServerErrors(mutation.error).fields.password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(password);
    setProblem(found);
    if (!found) mutation.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t("reset.hint", { email: props.operator.email })}
        </Text>
        {mutation.isError && !serverError && <FormErrorAlert error={mutation.error} />}
        <PasswordInput
          label={t("reset.password")}
          description={t("add.passwordHint", { min: MIN_PASSWORD_LENGTH })}
          required
          data-autofocus
          autoComplete="new-password"
          visibilityToggleButtonProps={{ "aria-label": t("showPassword") }}
          value={password}
          error={problemText(problem) ?? serverError}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t("reset.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

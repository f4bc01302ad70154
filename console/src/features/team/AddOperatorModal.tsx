import { Button, Group, Modal, NativeSelect, PasswordInput, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import {
  createOperator,
  MIN_PASSWORD_LENGTH,
  type NewOperator,
  OPERATOR_ROLES,
  type OperatorRole,
} from "./api";
import { newOperatorBody, operatorServerErrors, type Problems, validateNewOperator } from "./operator-form";
import { useProblemText } from "./useProblemText";

const EMPTY: NewOperator = { name: "", email: "", password: "", role: "operator" };

/** Adds a person to the project with a first password they sign in with (and may change). */
export function AddOperatorModal(props: { opened: boolean; onClose(): void }) {
  const t = useT("team");
  const tc = useT("common");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("add.title")}
      closeButtonProps={{ "aria-label": tc("actions.close") }}
    >
      <AddOperatorForm onDone={props.onClose} />
    </Modal>
  );
}

function AddOperatorForm(props: { onDone(): void }) {
  const t = useT("team");
  const tc = useT("common");
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<NewOperator>(EMPTY);
  const [problems, setProblems] = useState<Problems<keyof NewOperator>>({});
  const mutation = useMutation({
    mutationFn: createOperator,
    onSuccess: async (operator) => {
      notifications.show({ color: "green", message: t("add.done", { name: operator.name }) });
      await queryClient.invalidateQueries({ queryKey: ["operators"] });
      props.onDone();
    },
  });
  const server = operatorServerErrors(mutation.error);
  const errorOf = (field: keyof NewOperator) =>
    problemText(problems[field]) ??
    (field === "email" && server.exists ? t("add.exists") : server.fields[field]);
  const placed = server.exists || Object.keys(server.fields).some((k) => k in EMPTY);
  const set = (field: keyof NewOperator) => (text: string) =>
    setValue((prev) => ({ ...prev, [field]: text }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewOperator(value);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(newOperatorBody(value));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {mutation.isError && !placed && <FormErrorAlert error={mutation.error} />}
        <TextInput
          label={t("fields.name")}
          required
          data-autofocus
          data-testid="operator-name-input"
          value={value.name}
          error={errorOf("name")}
          onChange={(e) => set("name")(e.currentTarget.value)}
        />
        <TextInput
          label={t("fields.email")}
          type="email"
          required
          autoComplete="off"
          data-testid="operator-email-input"
          value={value.email}
          error={errorOf("email")}
          onChange={(e) => set("email")(e.currentTarget.value)}
        />
        <PasswordInput
          label={t("fields.password")}
          description={t("add.newPasswordHint", { min: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ "aria-label": t("showPassword") }}
          data-testid="operator-password-input"
          value={value.password ?? ""}
          error={errorOf("password")}
          onChange={(e) => set("password")(e.currentTarget.value)}
        />
        <NativeSelect
          label={t("fields.role")}
          description={t("add.roleHint")}
          required
          data-testid="operator-role-select"
          value={value.role}
          error={errorOf("role")}
          onChange={(e) => set("role")(e.currentTarget.value as OperatorRole)}
          data={OPERATOR_ROLES.map((role) => ({ value: role, label: tc(`role.${role}`) }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="operator-submit">
            {t("add.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

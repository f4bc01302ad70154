import { Badge, Button, DataList, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSignedIn } from "../../auth/SessionProvider";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import { changeOwnPassword, MIN_PASSWORD_LENGTH } from "./api";
import {
  type PasswordChange,
  type Problems,
  passwordChangeErrors,
  validatePasswordChange,
} from "./operator-form";
import { useProblemText } from "./useProblemText";

const EMPTY: PasswordChange = { current: "", next: "", confirm: "" };

/** Who is signed in, and a form to change one's own password (POST /v1/session/password). */
export function MyAccountCard() {
  const t = useT("team");
  const tc = useT("common");
  const session = useSignedIn();
  const problemText = useProblemText();
  const [value, setValue] = useState<PasswordChange>(EMPTY);
  const [problems, setProblems] = useState<Problems<keyof PasswordChange>>({});
  const mutation = useMutation({
    mutationFn: () => changeOwnPassword({ current_password: value.current, new_password: value.next }),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("account.changed") });
      setValue(EMPTY);
    },
  });
  const server = passwordChangeErrors(mutation.error);
  const placed = Boolean(server.current_password || server.new_password);
  const set = (field: keyof PasswordChange) => (text: string) =>
    setValue((prev) => ({ ...prev, [field]: text }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(value);
    setProblems(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="my-account-title">
      <Stack gap="md">
        <Title order={3} id="my-account-title">
          {t("account.title")}
        </Title>
        <DataList size="sm" labelWidth={110}>
          <DataList.Item>
            <DataList.ItemLabel>{t("fields.name")}</DataList.ItemLabel>
            <DataList.ItemValue>{session.user.name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t("fields.email")}</DataList.ItemLabel>
            <DataList.ItemValue style={{ wordBreak: "break-all" }}>{session.user.email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t("fields.role")}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge variant="light">{tc(`role.${session.role}`)}</Badge>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
        <form onSubmit={submit} noValidate aria-labelledby="change-password-title">
          <Stack gap="sm" maw={420}>
            <Text fw={600} size="sm" id="change-password-title">
              {t("account.changePassword")}
            </Text>
            {mutation.isError && !placed && <FormErrorAlert error={mutation.error} />}
            <PasswordInput
              label={t("account.current")}
              required
              autoComplete="current-password"
              visibilityToggleButtonProps={{ "aria-label": t("showPassword") }}
              value={value.current}
              error={problemText(problems.current) ?? server.current_password}
              onChange={(e) => set("current")(e.currentTarget.value)}
            />
            <PasswordInput
              label={t("account.new")}
              description={t("account.newHint", { min: MIN_PASSWORD_LENGTH })}
              required
              autoComplete="new-password"
              visibilityToggleButtonProps={{ "aria-label": t("showPassword") }}
              value={value.next}
              error={problemText(problems.next) ?? server.new_password}
              onChange={(e) => set("next")(e.currentTarget.value)}
            />
            <PasswordInput
              label={t("account.confirm")}
              required
              autoComplete="new-password"
              visibilityToggleButtonProps={{ "aria-label": t("showPassword") }}
              value={value.confirm}
              error={problemText(problems.confirm)}
              onChange={(e) => set("confirm")(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" loading={mutation.isPending}>
                {t("account.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { signIn } from "../api/session";
import { useErrorText } from "../components/QueryState";
import { useT } from "../i18n/I18nProvider";
import { LanguagePicker } from "../layout/LanguagePicker";
import { useSession } from "./SessionProvider";

export function SignInPage() {
  const t = useT("auth");
  const { accept } = useSession();
  const errorText = useErrorText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const mutation = useMutation({ mutationFn: signIn, onSuccess: accept });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={400} radius="md">
        <form onSubmit={submit} aria-label={t("title")}>
          <Stack>
            <Title order={2}>{t("title")}</Title>
            {mutation.isError && (
              <Alert color="red" role="alert" data-testid="sign-in-error">
                {errorText(mutation.error)}
              </Alert>
            )}
            <TextInput
              label={t("email")}
              type="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={t("password")}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={mutation.isPending}>
              {t("submit")}
            </Button>
            <LanguagePicker />
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { ApiError } from "../api/client";
import { useT } from "../i18n/I18nProvider";

/** The message to show a person for a failed request. */
export function useErrorText(): (error: unknown) => string {
  const t = useT("common");
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.code === "network_error") return t("state.networkError");
      if (error.status === 403) return `${t("state.forbidden")} (${error.message})`;
      return error.message;
    }
    return t("state.error");
  };
}

/** Loading and error states of one request; renders children once data is there. */
export function QueryState<T>(props: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch(): unknown };
  children: (data: T) => ReactNode;
}) {
  const t = useT("common");
  const errorText = useErrorText();
  if (props.query.isPending) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{t("state.loading")}</Text>
        </Group>
      </Center>
    );
  }
  if (props.query.isError || props.query.data === undefined) {
    return (
      <Alert color="red" title={t("state.error")} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(props.query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => props.query.refetch()}>
            {t("actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{props.children(props.query.data)}</>;
}

/** What to show when a list is empty: what it is, and what to do next. */
export function EmptyState(props: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <Title order={4}>{props.title}</Title>
        <Text c="dimmed" size="sm">
          {props.hint}
        </Text>
        {props.action}
      </Stack>
    </Center>
  );
}

import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A list page's title, a line saying what the page is for, and its main action (if any). */
export function PageHeader(props: { title: string; intro: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={2}>{props.title}</Title>
        <Text c="dimmed" size="sm" maw={640}>
          {props.intro}
        </Text>
      </Stack>
      {props.action}
    </Group>
  );
}

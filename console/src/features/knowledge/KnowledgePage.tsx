import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function KnowledgePage() {
  return <Title order={2}>KnowledgePage</Title>;
}

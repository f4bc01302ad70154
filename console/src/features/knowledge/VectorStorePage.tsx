import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function VectorStorePage() {
  return <Title order={2}>VectorStorePage</Title>;
}

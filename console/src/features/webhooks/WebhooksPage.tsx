import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function WebhooksPage() {
  return <Title order={2}>WebhooksPage</Title>;
}

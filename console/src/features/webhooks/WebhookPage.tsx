import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function WebhookPage() {
  return <Title order={2}>WebhookPage</Title>;
}

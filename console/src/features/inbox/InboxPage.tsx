import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function InboxPage() {
  return <Title order={2}>InboxPage</Title>;
}

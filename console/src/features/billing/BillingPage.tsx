import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function BillingPage() {
  return <Title order={2}>BillingPage</Title>;
}

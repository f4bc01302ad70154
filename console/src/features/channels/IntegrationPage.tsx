import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function IntegrationPage() {
  return <Title order={2}>IntegrationPage</Title>;
}

import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function TeamPage() {
  return <Title order={2}>TeamPage</Title>;
}

import { Alert, List } from "@mantine/core";
import { useErrorText } from "./QueryState";

/**
 * A failed mutation, above its form: the API's message, and any field errors the form has no
 * input for (`auth_data.extra: unknown field`). Field errors with an input are shown there.
 */
export function FormErrorAlert(props: {
  error: unknown;
  unplaced?: Array<{ path: string; message: string }>;
}) {
  const errorText = useErrorText();
  if (!props.error) return null;
  return (
    <Alert color="red" role="alert">
      {errorText(props.error)}
      {props.unplaced && props.unplaced.length > 0 && (
        <List size="sm" mt="xs">
          {props.unplaced.map((item) => (
            <List.Item key={item.path}>
              <code>{item.path}</code>: {item.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

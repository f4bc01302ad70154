import { Code } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { prettyResult } from "./conversation";
import classes from "./thread.module.css";

/** A tool result of the AI's turn, folded: "Tool: name", the output on demand. */
export function ToolStep({ name, result }: { name: string | null; result: string }) {
  const t = useT("inbox");
  return (
    <details className={classes.tool}>
      <summary>{name ? t("message.tool", { name }) : t("message.toolUnnamed")}</summary>
      <Code block className={classes.pre} mt={4}>
        {prettyResult(result)}
      </Code>
    </details>
  );
}

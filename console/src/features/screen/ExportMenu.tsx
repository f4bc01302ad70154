import { Button, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { apiUrl } from "../../api/client";
import { useT } from "../../i18n/I18nProvider";
import classes from "./screen.module.css";

/**
 * "Export" on an open conversation: the transcript as text or JSON (downloads from GET
 * /v1/threads/{id}/export), or as PDF through the browser's print dialog: the transcript is
 * put on the page, shown only when printing, and window.print() opens the dialog ("Save as
 * PDF"). No PDF is made on the server (docs/console.md, "The operator's screen").
 */
export function ExportMenu({ threadId }: { threadId: string }) {
  const t = useT("screen");
  const [printing, setPrinting] = useState<string | null>(null);
  const url = (format: "text" | "json") =>
    apiUrl(`/threads/${encodeURIComponent(threadId)}/export`, { format });

  const print = async () => {
    try {
      const response = await fetch(url("text"), { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${response.status}`);
      setPrinting(await response.text());
    } catch {
      notifications.show({ color: "red", message: t("export.failed") });
    }
  };

  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    window.addEventListener("afterprint", done, { once: true });
    // After the transcript is on the page.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("afterprint", done);
    };
  }, [printing]);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            data-testid="export-menu"
          >
            {t("export.label")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component="a" href={url("text")} download>
            {t("export.text")}
          </Menu.Item>
          <Menu.Item component="a" href={url("json")} download>
            {t("export.json")}
          </Menu.Item>
          <Menu.Item onClick={() => void print()}>{t("export.pdf")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {printing !== null
        ? createPortal(
            <pre className={classes.printTranscript} data-print-transcript data-testid="print-transcript">
              {printing}
            </pre>,
            document.body,
          )
        : null}
    </>
  );
}

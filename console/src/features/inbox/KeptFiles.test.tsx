// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { installDomStubs, renderInConsole } from "../../testing/render";
import { MessageBubble } from "./MessageBubble";
import type { Message } from "./types";

const message: Message = {
  id: "msg_files",
  role: "user",
  author: "user",
  content: "[photo] [document: invoice.pdf] [document: bad.svg] [document: logs.zip]",
  created_at: "2026-01-01T00:00:00.000Z",
  attachments: [
    {
      kind: "photo",
      file: { id: "att_p", size: 2048, mime_type: "image/jpeg", url: "/v1/threads/thr_1/attachments/att_p" },
    },
    {
      kind: "document",
      fileName: "invoice.pdf",
      url: "https://vendor.example/invoice.pdf",
      file: {
        id: "att_d",
        size: 1536,
        mime_type: "application/pdf",
        url: "/v1/threads/thr_1/attachments/att_d",
      },
    },
    {
      kind: "document",
      fileName: "bad.svg",
      file: {
        id: "att_s",
        size: 100,
        mime_type: "image/svg+xml",
        url: "/v1/threads/thr_1/attachments/att_s",
      },
    },
    {
      kind: "document",
      fileName: "logs.zip",
      fileError: { code: "too_large", message: "The file is over the 20 MB kept." },
    },
  ],
};

/** Files customers send in the bubble (docs/console.md, "Files customers send"). */
describe("kept files in a message", () => {
  beforeAll(installDomStubs);
  afterEach(cleanup);

  it("shows kept images inline, other files as downloads with name and size, and files not kept", () => {
    renderInConsole(<MessageBubble message={message} personName="Bo" />);
    const files = within(screen.getByTestId("kept-files"));
    const image = files.getByRole("img");
    expect(image.getAttribute("src")).toBe("/v1/threads/thr_1/attachments/att_p");
    expect(image.closest("a")?.getAttribute("href")).toBe("/v1/threads/thr_1/attachments/att_p");

    const pdf = files.getByRole("link", { name: /invoice\.pdf/ });
    expect(pdf.textContent).toBe("invoice.pdf · 1.5 KB");
    expect(pdf.getAttribute("href")).toBe("/v1/threads/thr_1/attachments/att_d");
    expect(pdf.getAttribute("download")).toBe("invoice.pdf");
    // An SVG is never shown in the page: it is a download like any other file.
    expect(files.getAllByRole("img")).toHaveLength(1);
    expect(files.getByRole("link", { name: /bad\.svg/ }).getAttribute("download")).toBe("bad.svg");
    expect(files.getByText("logs.zip: not kept (The file is over the 20 MB kept.)")).toBeTruthy();
    // The vendor's own link is not shown beside the kept copy.
    expect(screen.queryByRole("link", { name: "invoice.pdf" })).toBeNull();
  });
});

// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from "vitest";
import { eventually, FakeParley } from "./fake-parley.test-helper";

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Parley;
});

it("boots from its script tag and exposes window.Parley", async () => {
  const server = new FakeParley();
  vi.stubGlobal("fetch", server.fetch);
  const tag = document.createElement("script");
  tag.type = "text/plain";
  tag.src = "https://parley.example/widget.js";
  tag.dataset.chat = "chat_1";
  document.body.appendChild(tag);

  await import("./main");
  expect(typeof window.Parley?.open).toBe("function");
  await eventually(() => expect(document.getElementById("parley-widget")).not.toBeNull());
  const root = document.getElementById("parley-widget")!.shadowRoot!;
  const panel = root.querySelector<HTMLElement>("[part=panel]")!;
  expect(panel.hidden).toBe(true);
  window.Parley!.open();
  expect(panel.hidden).toBe(false);
  window.Parley!.toggle();
  expect(panel.hidden).toBe(true);
  window.Parley!.toggle();
  window.Parley!.close();
  expect(panel.hidden).toBe(true);
  expect(server.requests[0]!.path).toBe("/widget/v1/chats/chat_1");
});

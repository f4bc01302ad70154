// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MarkdownText } from "./MarkdownText";

afterEach(cleanup);

function rendered(text: string): HTMLElement {
  const { container } = render(<MarkdownText text={text} />);
  return container.firstElementChild as HTMLElement;
}

describe("MarkdownText", () => {
  it("renders the widget's Markdown subset as elements", () => {
    const root = rendered("**Thanks!** See *this*:\n\n- one\n- `two`\n\n```\ncode\n```");
    expect(root.querySelector("strong")?.textContent).toBe("Thanks!");
    expect(root.querySelector("em")?.textContent).toBe("this");
    expect([...root.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["one", "two"]);
    expect(root.querySelector("li code")?.textContent).toBe("two");
    expect(root.querySelector("pre code")?.textContent).toBe("code");
    expect(root.textContent).not.toContain("**");
  });

  it("opens safe links in a new tab without opener or referrer", () => {
    const link = rendered("[the docs](https://example.com/a) and mailto:me@example.com").querySelectorAll(
      "a",
    );
    expect(link).toHaveLength(2);
    expect(link[0]!.getAttribute("href")).toBe("https://example.com/a");
    expect(link[0]!.getAttribute("target")).toBe("_blank");
    expect(link[0]!.getAttribute("rel")).toContain("noopener noreferrer");
  });

  it("keeps HTML, scripts, images and unsafe links as text", () => {
    const root = rendered(
      '<img src=x onerror="alert(1)"> ![pic](https://example.com/p.png) [x](javascript:alert(1)) <b>b</b>',
    );
    expect(root.querySelector("img, script, b, [onerror]")).toBeNull();
    expect(root.querySelectorAll("a[href^='javascript']")).toHaveLength(0);
    expect(root.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(root.textContent).toContain("[x](javascript:alert(1))");
  });
});

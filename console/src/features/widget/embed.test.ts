import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { identifiedSnippet, NODE_SIGNATURE_EXAMPLE } from "./embed";

const SNIPPET = '<script src="https://parley.example/widget.js" data-chat="chat_1" async></script>';

describe("identifiedSnippet", () => {
  it("adds the identity attributes to the opening tag and keeps the rest", () => {
    expect(identifiedSnippet(SNIPPET)).toBe(
      '<script src="https://parley.example/widget.js" data-chat="chat_1" async data-user-id="USER_ID" data-user-signature="SIGNATURE"></script>',
    );
  });

  it("works whatever the attributes' order and case", () => {
    expect(identifiedSnippet('<SCRIPT async src="/w.js" data-chat="c"></SCRIPT>')).toBe(
      '<SCRIPT async src="/w.js" data-chat="c" data-user-id="USER_ID" data-user-signature="SIGNATURE"></SCRIPT>',
    );
  });

  it("gives null for a snippet without a script tag", () => {
    expect(identifiedSnippet("")).toBeNull();
    expect(identifiedSnippet("paste this")).toBeNull();
  });
});

describe("NODE_SIGNATURE_EXAMPLE", () => {
  it("is three lines that compute the documented signature", () => {
    const lines = NODE_SIGNATURE_EXAMPLE.split("\n");
    expect(lines).toHaveLength(3);
    // Run the signing line the way a site would, and compare with the contract's definition.
    const user = { id: 42 };
    const env = { PARLEY_WIDGET_SECRET: "s3cret" };
    const signing = lines[1]!.replace("process.env", "env").replace(/^const signature = /, "return ");
    const signature = new Function("createHmac", "env", "user", signing)(createHmac, env, user);
    expect(signature).toBe(createHmac("sha256", "s3cret").update("42").digest("hex"));
    expect(lines[2]).toContain("data-user-signature");
  });
});

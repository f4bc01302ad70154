import { describe, expect, it } from "vitest";
import { kindOfCustomerMessage, type NotifyContext, shouldNotify } from "./notify-decision";

const context = (extra: Partial<NotifyContext> = {}): NotifyContext => ({
  enabled: true,
  hidden: false,
  openThreadId: "open",
  meId: "me",
  ...extra,
});

describe("when the operator's screen alerts", () => {
  it("never when turned off", () => {
    for (const kind of ["new_conversation", "customer_message", "mention"] as const)
      expect(shouldNotify(kind, { threadId: "t", assigneeId: "me" }, context({ enabled: false }))).toBe(
        false,
      );
  });

  it("a new conversation and a mention, unless that conversation is on screen", () => {
    expect(shouldNotify("new_conversation", { threadId: "t", assigneeId: null }, context())).toBe(true);
    expect(shouldNotify("mention", { threadId: "t", assigneeId: "other" }, context())).toBe(true);
    expect(shouldNotify("mention", { threadId: "open", assigneeId: null }, context())).toBe(false);
    // The same conversation, but the tab is hidden: the operator does not see it.
    expect(shouldNotify("mention", { threadId: "open", assigneeId: null }, context({ hidden: true }))).toBe(
      true,
    );
  });

  it("a customer's message only in a conversation assigned to me, open elsewhere or tab hidden", () => {
    expect(shouldNotify("customer_message", { threadId: "t", assigneeId: "me" }, context())).toBe(true);
    expect(shouldNotify("customer_message", { threadId: "t", assigneeId: "other" }, context())).toBe(false);
    expect(shouldNotify("customer_message", { threadId: "t", assigneeId: null }, context())).toBe(false);
    expect(shouldNotify("customer_message", { threadId: "open", assigneeId: "me" }, context())).toBe(false);
    expect(
      shouldNotify("customer_message", { threadId: "open", assigneeId: "me" }, context({ hidden: true })),
    ).toBe(true);
    expect(
      shouldNotify("customer_message", { threadId: "t", assigneeId: "me" }, context({ meId: null })),
    ).toBe(false);
  });

  it("the first customer message starts a new conversation", () => {
    expect(kindOfCustomerMessage(1)).toBe("new_conversation");
    expect(kindOfCustomerMessage(2)).toBe("customer_message");
  });
});

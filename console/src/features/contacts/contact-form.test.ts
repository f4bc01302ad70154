import { describe, expect, it } from "vitest";
import { attributeRowsOf, attributesPatch, draftOf, fieldsPatch } from "./contact-form";

const contact = { name: "Ann", email: "ann@example.com", phone: null, notes: null };

describe("contact forms", () => {
  it("send only changed text fields, an emptied one as null", () => {
    const draft = { ...draftOf(contact), email: "  ", phone: " +1 555 ", name: "Ann" };
    expect(fieldsPatch(contact, draft)).toEqual({ email: null, phone: "+1 555" });
    expect(fieldsPatch(contact, draftOf(contact))).toEqual({});
  });

  it("turn attribute rows into keys to set and keys to remove, keeping stored types", () => {
    const stored = { plan: "pro", seats: 3, vip: true, old: "x" };
    const rows = attributeRowsOf(stored)
      .filter((row) => row.key !== "old")
      .map((row) => (row.key === "seats" ? { ...row, value: "5" } : row));
    rows.push({ key: "region", value: "EU" }, { key: " ", value: "ignored" });
    expect(attributesPatch(stored, rows)).toEqual({ seats: 5, region: "EU", old: null });
    expect(attributesPatch(stored, attributeRowsOf(stored))).toEqual({});
    expect(attributesPatch({ seats: 3 }, [{ key: "seats", value: "many" }])).toEqual({ seats: "many" });
  });
});

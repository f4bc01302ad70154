import { describe, expect, it } from "vitest";
import { type KeyValue, SessionStore, storageKey } from "./store";

function memory(): KeyValue & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe("SessionStore", () => {
  it("keeps the visitor token under parley.widget.<chat_id>", () => {
    const storage = memory();
    const store = new SessionStore("chat_1", storage);
    expect(store.token).toBeNull();
    store.save("vt_abc");
    expect(storage.data.get("parley.widget.chat_1")).toBe("vt_abc");
    expect(new SessionStore("chat_1", storage).token).toBe("vt_abc");
    expect(new SessionStore("chat_2", storage).token).toBeNull();
    store.clear();
    expect(storage.data.has(storageKey("chat_1"))).toBe(false);
    expect(store.token).toBeNull();
  });

  it("ignores junk someone else left in the key", () => {
    const storage = memory();
    storage.setItem("parley.widget.c", "has spaces\nand lines");
    expect(new SessionStore("c", storage).token).toBeNull();
    storage.setItem("parley.widget.c", "x".repeat(600));
    expect(new SessionStore("c", storage).token).toBeNull();
  });

  it("falls back to memory when storage is missing or throws", () => {
    const none = new SessionStore("c", null);
    none.save("vt_1");
    expect(none.token).toBe("vt_1");

    const broken: KeyValue = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    const store = new SessionStore("c", broken);
    expect(store.token).toBeNull();
    store.save("vt_2");
    expect(store.token).toBe("vt_2");
    store.clear();
    expect(store.token).toBeNull();
  });
});

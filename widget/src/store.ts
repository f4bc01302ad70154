/**
 * Where the visitor token lives between page loads: localStorage `parley.widget.<chat_id>`.
 * Storage can be missing or throw (private modes, blocked cookies, sandboxed frames); then the
 * token is kept in memory for this page only and the visitor simply starts afresh next time.
 */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function storageKey(chatId: string): string {
  return `parley.widget.${chatId}`;
}

/** A usable localStorage, or null when the browser refuses it. */
export function browserStorage(): KeyValue | null {
  try {
    const storage = window.localStorage;
    const probe = "parley.widget.__probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

const TOKEN = /^[\x21-\x7e]{1,512}$/;

export class SessionStore {
  private readonly key: string;
  private memory: string | null = null;

  constructor(
    chatId: string,
    private readonly storage: KeyValue | null,
  ) {
    this.key = storageKey(chatId);
  }

  /** The stored visitor token, if a sane one is there. */
  get token(): string | null {
    let value = this.memory;
    if (this.storage) {
      try {
        value = this.storage.getItem(this.key) ?? this.memory;
      } catch {
        value = this.memory;
      }
    }
    return value !== null && TOKEN.test(value) ? value : null;
  }

  save(token: string): void {
    this.memory = token;
    try {
      this.storage?.setItem(this.key, token);
    } catch {
      // Full or blocked storage: the in-memory copy serves this page.
    }
  }

  clear(): void {
    this.memory = null;
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Nothing to do.
    }
  }
}

import type { Kysely } from "kysely";
import type { Storage } from "../../src/storage/database.js";
import type { Database } from "../../src/storage/schema.js";

/** A promise and the function that settles it: a point a test opens when it chooses. */
export function gate(): { open(): void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * A transaction of `storage` kept open until `release`, having run `first` (a write, to hold
 * SQLite's writer, or a read). Returns once the transaction has begun and `first` has run.
 */
export async function holdTransaction(
  storage: Storage,
  first: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<{ release(): Promise<void> }> {
  const began = gate();
  const release = gate();
  const done = storage.db.transaction().execute(async (trx) => {
    await first(trx);
    began.open();
    await release.opened;
  });
  await began.opened;
  return {
    release: async () => {
      release.open();
      await done;
    },
  };
}

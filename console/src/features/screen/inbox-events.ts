/**
 * The project's thread events as the inbox's one stream receives them (useInboxLive), for
 * whoever else needs them on the operator's screen (notifications) without a second connection.
 */
type Listener = (data: unknown) => void;

const listeners = new Set<Listener>();

export const inboxEvents = {
  emit(data: unknown): void {
    for (const listener of [...listeners]) listener(data);
  },
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

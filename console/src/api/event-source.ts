/**
 * Subscribes to a /v1 server-sent event stream with the browser's EventSource (the session
 * cookie authenticates it; EventSource resumes with Last-Event-ID by itself after a drop).
 * Returns the function that closes it.
 */
export function subscribe(
  path: string,
  types: string[],
  onEvent: (type: string, data: unknown) => void,
  onStatus?: (connected: boolean) => void,
): () => void {
  const source = new EventSource(`/v1${path}`, { withCredentials: true });
  source.onopen = () => onStatus?.(true);
  source.onerror = () => onStatus?.(false);
  for (const type of types) {
    source.addEventListener(type, (event) => {
      try {
        onEvent(type, JSON.parse((event as MessageEvent<string>).data));
      } catch {
        // A frame that is not JSON is not a ThreadEvent; ignore it.
      }
    });
  }
  return () => source.close();
}

/**
 * Subscribes to a /v1 server-sent event stream with the browser's EventSource (the session
 * cookie authenticates it; EventSource resumes with Last-Event-ID by itself after a drop).
 * The streams send unnamed frames (docs/conversations.md#frames): every event arrives through
 * `onmessage`, and its JSON data says what it is in `type`. Returns the function that closes it.
 */
export function subscribe(
  path: string,
  onData: (data: unknown) => void,
  onStatus?: (connected: boolean) => void,
): () => void {
  const source = new EventSource(`/v1${path}`, { withCredentials: true });
  source.onopen = () => onStatus?.(true);
  source.onerror = () => onStatus?.(false);
  source.onmessage = (event: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return; // A frame that is not JSON is not an event of ours; ignore it.
    }
    onData(data);
  };
  return () => source.close();
}

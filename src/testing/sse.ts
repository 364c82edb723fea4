/**
 * A server-sent-events client for tests and benchmarks: reads a stream with fetch and hands out its
 * events in order, with the time each arrived.
 */
export interface StreamEvent {
  id: string;
  type: string;
  data: string;
  receivedAt: number;
}

export interface EventStream {
  /** The next event not yet taken (of `type`, skipping others), or an error after `timeoutMs`. */
  next(type?: string, timeoutMs?: number): Promise<StreamEvent>;
  /** Every event received so far, taken or not. */
  received: StreamEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves when the server ends the stream, or fails after `timeoutMs` with what it received. */
  endsWithin(timeoutMs: number): Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const received: StreamEvent[] = [];
  let taken = 0;
  let wake: (() => void) | undefined;
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));

  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: StreamEvent = { id: '', type: 'message', data: '', receivedAt: performance.now() };
          let hasData = false;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') event.id = text;
            if (field === 'event') event.type = text;
            if (field === 'data') {
              event.data += (hasData ? '\n' : '') + text;
              hasData = true;
            }
          }
          if (hasData) {
            received.push(event);
            wake?.();
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      endedResolve();
      wake?.();
    }
  })();

  return {
    received,
    ended,
    async next(type, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < received.length) {
          const event = received[taken++]!;
          if (type === undefined || event.type === type) return event;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type ?? ''} event within ${timeoutMs} ms; received: ${received.map((e) => e.type).join(', ')}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, left).unref?.();
        });
      }
    },
    async endsWithin(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still open after ${timeoutMs} ms; received: ${received.map((e) => e.type).join(', ')}`)), timeoutMs);
      });
      await Promise.race([ended, deadline]).finally(() => clearTimeout(timer));
    },
    close() {
      controller.abort();
    },
  };
}

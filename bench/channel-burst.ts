import { benchChannels } from "./channels.js";

/**
 * A burst of Telegram updates with and without thread event streams open (docs/performance.md,
 * "Webhook acknowledgement with event streams open"): the channels suite's open-loop load,
 * BENCH_BURST_UPDATES updates (default 500) over one second, first with no stream open, then
 * with BENCH_BURST_STREAMS `GET /v1/threads/events` streams (default 200) reading every event.
 * The acknowledgement must not wait behind the fan-out of events to the streams; every update
 * must still be answered once. No in-flight cap, so every update is sent on time.
 */
const UPDATES = Number(process.env.BENCH_BURST_UPDATES ?? 500);
const STREAMS = Number(process.env.BENCH_BURST_STREAMS ?? 200);

export async function benchChannelBurst(): Promise<void> {
  for (const streams of [0, STREAMS]) {
    console.log(
      `\n=== burst of ${UPDATES} Telegram updates in 1 s, ${streams} thread event streams open ===`,
    );
    await benchChannels({ rate: UPDATES, seconds: 1, maxInFlight: UPDATES, streams, sample: false });
  }
}

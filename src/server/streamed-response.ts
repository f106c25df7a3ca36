/**
 * Responses written as they are read: a body produced a chunk at a time (a page of rows), the next
 * chunk made only when the client has taken the last one, so a response holds one chunk of memory
 * whatever it sends in all. A client that stops reading cannot hold that chunk or its connection:
 * when the last chunk is not taken within `idleMs`, or the whole body is not sent within `totalMs`,
 * the connection is closed and the producer stopped. Every streamed response holds a place
 * (stream-slots.ts), given back the moment it ends, so how many there are is bounded too.
 */
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { Place } from './slots.js';

export interface StreamLimits {
  /** Longest wait for the client to take a chunk (a write that makes no progress), in milliseconds. */
  idleMs: number;
  /** Longest time to send the whole body, in milliseconds. */
  totalMs: number;
}

/** Defaults: 30 s without progress, 10 minutes in all. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { idleMs: 30_000, totalMs: 600_000 };

class WriteTimeout extends Error {}

/**
 * `chunks` as the response body, holding `place` until it ends (sent, cut off, or cancelled by the
 * client). When a limit is passed, `onCutOff` is told why and, on @hono/node-server, the request's
 * connection is closed (`c.env.outgoing`); elsewhere the body ends with an error.
 */
export function streamedResponse(
  c: Context,
  chunks: AsyncIterable<string>,
  init: { status?: number; headers: Record<string, string>; place: Place; onCutOff?: (why: string) => void },
  limits: StreamLimits,
): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  let idle: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  let finished = false;
  const finish = (): void => {
    finished = true;
    clearTimeout(idle);
    clearTimeout(deadline);
    init.place.release();
    void iterator.return?.()?.catch(() => {});
  };
  let stop: (why: string) => void = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stop = (why) => {
          if (finished) return;
          finish();
          init.onCutOff?.(why);
          // Closing the connection ends the body's writer quietly (it cancels the stream); without one, the body fails.
          if (outgoing) outgoing.destroy();
          else controller.error(new WriteTimeout(why));
        };
        deadline = setTimeout(() => stop(`the response took longer than ${limits.totalMs} ms`), limits.totalMs).unref();
      },
      async pull(controller) {
        clearTimeout(idle);
        if (finished) return;
        let next: IteratorResult<string>;
        try {
          next = await iterator.next();
        } catch (error) {
          finish();
          throw error;
        }
        if (finished) return;
        if (next.done) {
          finish();
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value));
        // Disarmed when the client asks for the next chunk.
        idle = setTimeout(() => stop(`the client took no data for ${limits.idleMs} ms`), limits.idleMs).unref();
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: init.status ?? 200, headers: init.headers });
}

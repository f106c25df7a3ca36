/**
 * The rows a driver's object-mode Readable has buffered, handed over as one array at a time instead
 * of one promise per row: the streaming merge then works through a batch synchronously. The stream's
 * own back-pressure still bounds what is buffered (its highWaterMark / the cursor's batch size).
 */
import type { Readable } from 'node:stream';

export async function* readableBatches<T>(readable: Readable): AsyncGenerator<T[]> {
  // Set by the stream's events (an object, so the loop below sees the changes).
  const state: { failure?: { error: unknown }; ended: boolean } = { ended: false };
  let wake: (() => void) | undefined;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const onError = (error: unknown) => {
    state.failure ??= { error };
    notify();
  };
  const onEnd = () => {
    state.ended = true;
    notify();
  };
  const throwIfFailed = (): void => {
    if (state.failure) throw state.failure.error;
  };
  readable.on('readable', notify).on('end', onEnd).on('error', onError).on('close', onEnd);
  try {
    for (;;) {
      throwIfFailed();
      const batch: T[] = [];
      let item: T | null;
      while ((item = readable.read() as T | null) !== null) batch.push(item);
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      throwIfFailed();
      if (state.ended || readable.readableEnded) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    readable.off('readable', notify).off('end', onEnd).off('error', onError).off('close', onEnd);
  }
}

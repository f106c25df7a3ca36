/**
 * Reading a stream ahead of its consumer: the items are pulled as fast as they come (up to `limit`
 * held), so a producer is never paused because its consumer waits for something else, and what has
 * arrived can be counted as it arrives. Used where two streams are merged in step (the checksum
 * diff's bucket summaries): one side's scan goes on, and is seen to go on, while the merge waits
 * for the other's.
 */

export interface ReadAhead<T> {
  /** The next item in the stream's order; rejects with the stream's error once the items before it were taken. */
  next(): Promise<IteratorResult<T, undefined>>;
  /** Rejects as soon as the stream fails (even with items still held), so a merge waiting on another stream can stop at once. */
  readonly failed: Promise<never>;
}

export function readAhead<T>(source: AsyncIterable<T>, limit: number, onItem?: (item: T) => void): ReadAhead<T> {
  const iterator = source[Symbol.asyncIterator]();
  const held: T[] = [];
  let head = 0;
  let ended = false;
  let failure: { error: unknown } | undefined;
  let itemArrived: (() => void) | undefined;
  let roomMade: (() => void) | undefined;
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  // Nobody may be waiting on it: the failure is also what `next` gives.
  failed.catch(() => undefined);
  const wake = () => {
    itemArrived?.();
    itemArrived = undefined;
  };

  void (async () => {
    try {
      for (;;) {
        if (held.length - head >= limit) await new Promise<void>((resolve) => (roomMade = resolve));
        const step = await iterator.next();
        if (step.done) break;
        held.push(step.value);
        onItem?.(step.value);
        wake();
      }
    } catch (error) {
      failure = { error };
      fail(error);
    }
    ended = true;
    wake();
  })();

  return {
    failed,
    async next() {
      while (head === held.length && !ended) await new Promise<void>((resolve) => (itemArrived = resolve));
      if (head < held.length) {
        const value = held[head++] as T;
        // Taken items are dropped in batches (shifting one at a time would cost the length of the list each time).
        if (head >= 1024 && head * 2 >= held.length) {
          held.splice(0, head);
          head = 0;
        }
        roomMade?.();
        roomMade = undefined;
        return { value, done: false };
      }
      if (failure) throw failure.error;
      return { value: undefined, done: true };
    },
  };
}

/** Stopping an aborted query on a server whose cancel may come before the query has started. */

/** Sends `cancel` up to 3 times while the query has not `settled` (waiting 0.2 s, then 1 s, between tries). */
export async function stopQuery(cancel: () => Promise<void>, settled: Promise<void>, isDone: () => boolean): Promise<void> {
  for (const waitMs of [200, 1000, 1000]) {
    if (isDone()) return;
    await cancel();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }
}

/**
 * Places counted per holder and in all (in memory, per process): work that costs the server while it
 * runs (a connection to a tenant's database, a response being streamed) takes a place first and gives it
 * back when it ends, so what is in flight is bounded per holder and for the whole process. A place is
 * given back exactly once, however often `release` is called.
 */

/** A place taken: `release` gives it back. */
export interface Place {
  release(): void;
}

/** Why no place was given: the holder already has `perHolder`, or all `total` places are taken. */
export interface NoPlace {
  busy: 'holder' | 'total';
  /** The places the holder (busy: 'holder') or everyone (busy: 'total') holds. */
  held: number;
}

export class Slots {
  private readonly held = new Map<string, number>();
  private inUse = 0;

  constructor(
    readonly perHolder: number,
    readonly total = Number.POSITIVE_INFINITY,
  ) {}

  /** A place for `holder`, or why there is none. */
  take(holder: string): Place | NoPlace {
    const mine = this.held.get(holder) ?? 0;
    if (mine >= this.perHolder) return { busy: 'holder', held: mine };
    if (this.inUse >= this.total) return { busy: 'total', held: this.inUse };
    this.held.set(holder, mine + 1);
    this.inUse++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inUse--;
        const left = (this.held.get(holder) ?? 1) - 1;
        if (left === 0) this.held.delete(holder);
        else this.held.set(holder, left);
      },
    };
  }

  /** Runs `work` in a place of `holder` (`refuse` turns no place into the error to throw), given back when it ends. */
  async run<T>(holder: string, work: () => Promise<T>, refuse: (why: NoPlace) => Error): Promise<T> {
    const place = this.take(holder);
    if ('busy' in place) throw refuse(place);
    try {
      return await work();
    } finally {
      place.release();
    }
  }
}

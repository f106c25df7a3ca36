/**
 * Work that opens a connection to a tenant's database on request (a catalog scan, Test connection,
 * the privilege check of a new data source) runs at most `perWorkspace` at once per workspace in this
 * process, like the jobs a workspace may run; more answers 429 with Retry-After at once, before any
 * connection is opened. A slot is held exactly while its work runs (released in `finally`), so the
 * count cannot drift from the work in flight.
 */
import { HttpError } from './http-errors.js';

export class WorkspaceSlots {
  private readonly busy = new Map<string, number>();

  constructor(private readonly perWorkspace: number) {}

  /** Runs `work` in one of the workspace's slots; 429 when all are taken. */
  async run<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
    const id = workspaceId.toLowerCase();
    const used = this.busy.get(id) ?? 0;
    if (used >= this.perWorkspace) {
      throw new HttpError(
        429,
        'workspace_connections_busy',
        'Too Many Requests',
        `This workspace already has ${used} catalog scan(s) or connection test(s) running, the most it may run at once; retry when they finish.`,
        { 'Retry-After': '5' },
      );
    }
    this.busy.set(id, used + 1);
    try {
      return await work();
    } finally {
      const left = (this.busy.get(id) ?? 1) - 1;
      if (left === 0) this.busy.delete(id);
      else this.busy.set(id, left);
    }
  }
}

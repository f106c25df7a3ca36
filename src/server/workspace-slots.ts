/**
 * Work that looks up a tenant's host or opens a connection to its database on request (the vetting of a
 * new data source, a catalog scan, Test connection, the privilege check) runs at most `perWorkspace` at
 * once per workspace in this process, like the jobs a workspace may run; more answers 429 with
 * Retry-After at once, before any name is looked up or connection opened. A place is held exactly while
 * its work runs (given back in `finally`), so the count cannot drift from the work in flight.
 */
import { HttpError } from './http-errors.js';
import { Slots } from './slots.js';

export class WorkspaceSlots {
  private readonly slots: Slots;

  constructor(perWorkspace: number) {
    this.slots = new Slots(perWorkspace);
  }

  /** Runs `work` in one of the workspace's places; 429 when all are taken. */
  run<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
    return this.slots.run(
      workspaceId.toLowerCase(),
      work,
      ({ held }) =>
        new HttpError(
          429,
          'workspace_connections_busy',
          'Too Many Requests',
          `This workspace already has ${held} data source(s) being created, scanned or tested, the most it may have at once; retry when they finish.`,
          { 'Retry-After': '5' },
        ),
    );
  }
}

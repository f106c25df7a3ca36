/** Names of the values the main step saves for the post step (core.saveState / core.getState). */
export const State = {
  /** Set by the main step; the same bundle then runs as the post step. */
  isPost: 'isPost',
  /** JSON array of StartedJob (api mode): jobs the post step terminates if they are still running. */
  startedJobs: 'startedJobs',
  /** JSON array of PendingExecute (api mode), saved BEFORE each execute is sent: the post step finds their jobs. */
  apiExecutes: 'apiExecutes',
} as const;

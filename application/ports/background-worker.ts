/** A queue worked in the background: its backlog shows in /api/health. */
export interface BackgroundWorker {
  readonly name: string;
  /**
   * True for a worker whose state is this process's own (a job's input held
   * in memory, an index in memory): it runs in every process serving the API.
   * The others work shared queues and run in one process at a time, the
   * `processor` lease's holder (application/platform/lease.ts).
   */
  readonly perProcess?: boolean;
  start(): void;
  stop(): Promise<void>;
  status(): Promise<WorkerStatus>;
}

export interface WorkerStatus {
  /** Jobs waiting (including those waiting for a retry). */
  backlog: number;
  /** Among them, those whose last attempt failed. */
  retrying: number;
  /** Jobs given up on: someone must act. */
  failed: number;
  /** How long the oldest waiting job has waited, in seconds. */
  oldestSeconds: number;
}

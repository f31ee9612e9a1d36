/** A queue worked in the background: its backlog shows in /api/health. */
export interface BackgroundWorker {
  readonly name: string;
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

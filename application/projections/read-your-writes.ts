/**
 * A command's answer waits until what it wrote can be read: the process
 * managers have reacted to its events (an item's check-in moves its buyback),
 * then the read models have applied its events and those reactions. Bounded:
 * past the timeout the answer goes anyway (the lag shows in /api/health).
 */
export class ReadYourWrites {
  constructor(
    private readonly projections: { waitFor(position: number, timeoutMs: number): Promise<boolean> },
    private readonly processManagers: { waitFor(position: number, timeoutMs: number): Promise<number | null> },
  ) {}

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const started = Date.now();
    const followUp = await this.processManagers.waitFor(position, timeoutMs);
    const remaining = Math.max(0, timeoutMs - (Date.now() - started));
    return (await this.projections.waitFor(Math.max(position, followUp ?? 0), remaining)) && followUp !== null;
  }
}

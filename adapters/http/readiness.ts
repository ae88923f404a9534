// Whether this instance should receive new traffic. On SIGTERM it stops being ready first, so the load balancer takes
// it out of rotation while the requests and jobs in hand finish (docs/operations.md#stopping-an-instance).
export class Readiness {
  private drainingSince: Date | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  drain(now = new Date()): void {
    this.drainingSince ??= now;
  }
}

// A clock that moves only when the test says so: the Nominatim spacer's 1 request/second is tested without waiting
// a real second (the HTTP in between is real, so each step also lets pending I/O callbacks and promises run).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SpacerTimer } from '../../adapters/geo/nominatim.geocoder';

export class ManualTimer implements SpacerTimer {
  private time = 0;
  private pending: Array<{ at: number; fn: () => void }> = [];

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    const entry = { at: this.time + ms, fn };
    this.pending.push(entry);
    return () => {
      this.pending = this.pending.filter((e) => e !== entry);
    };
  }

  /** Moves time forward by `ms`, firing what falls due in order and letting what it starts settle. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      const due = this.pending.filter((e) => e.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.pending = this.pending.filter((e) => e !== due);
      this.time = due.at;
      due.fn();
      await settle();
    }
    this.time = target;
    await settle();
  }

  /** When the pending timers fire, on this clock (a spacer waiting for its turn shows here). */
  get due(): number[] {
    return this.pending.map((e) => e.at).sort((a, b) => a - b);
  }
}

async function settle() {
  for (let i = 0; i < 5; i++) await nextTurn();
}

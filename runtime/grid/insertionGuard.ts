import { systemClock, type Clock } from './clock';
import { INSERTION_GUARD_MS } from './constants';

/**
 * Ignores an add that follows the previous one within 1500 ms (spec §9): a double click, or a
 * click while the view is still rendering and scrolling to the rows just added.
 */
export class InsertionGuard {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly clock: Clock = systemClock) {}

  /** True (and the guard closes for 1500 ms) when an add may go ahead now. */
  tryEnter(): boolean {
    const now = this.clock.now();
    if (now - this.last < INSERTION_GUARD_MS) return false;
    this.last = now;
    return true;
  }

  get locked(): boolean {
    return this.clock.now() - this.last < INSERTION_GUARD_MS;
  }
}

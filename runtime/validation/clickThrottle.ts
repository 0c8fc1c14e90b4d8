import { CLICK_THROTTLE_MS, CLICK_TOO_FAST_MESSAGE } from './messages';

export type ClickVerdict = { allowed: true } | { allowed: false; message: string };

/**
 * Refuses a second click on the same action within `ms` (spec §5: 300 ms, 你点击的太快了，请慢点点击!).
 * A refused click does not restart the window, so a user who keeps clicking gets through once per
 * window rather than never. Different actions do not hold each other up. `now` is injectable for tests.
 */
export function createClickThrottle(ms = CLICK_THROTTLE_MS, now: () => number = () => Date.now()): (actionKey: string) => ClickVerdict {
  const lastAccepted = new Map<string, number>();
  return (actionKey) => {
    const time = now();
    const last = lastAccepted.get(actionKey);
    if (last !== undefined && time - last < ms) return { allowed: false, message: CLICK_TOO_FAST_MESSAGE };
    lastAccepted.set(actionKey, time);
    return { allowed: true };
  };
}

/**
 * The 300 ms click guard (widgets spec §5): the same action clicked again within the window is
 * refused, and the caller tells the user '你点击的太快了，请慢点点击!'. Kept local to the list
 * controller on purpose; it measures from the last accepted click.
 */
import { CLICK_THROTTLE_MS } from './constants';

export type ClickThrottle = (action: string) => boolean;

export function createClickThrottle(windowMs: number = CLICK_THROTTLE_MS, now: () => number = Date.now): ClickThrottle {
  const lastAccepted = new Map<string, number>();
  return (action) => {
    const time = now();
    const last = lastAccepted.get(action);
    if (last !== undefined && time - last < windowMs) return false;
    lastAccepted.set(action, time);
    return true;
  };
}

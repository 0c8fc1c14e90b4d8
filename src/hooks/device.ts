import { MOBILE_MAX_WIDTH, NARROW_MAX_WIDTH } from '../config';

/**
 * Device classes of spec §2/§9: below 1088 px (breakpoint 1087.99) the layout is mobile and the
 * sidebar closes; below 768 px (767.99) it is mobile too. Tablet and phone behave the same here.
 */
export type Device = 'desktop' | 'tablet' | 'mobile';

export function deviceForWidth(width: number): Device {
  if (width <= NARROW_MAX_WIDTH) return 'mobile';
  if (width <= MOBILE_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

export function isMobileDevice(device: Device): boolean {
  return device !== 'desktop';
}

import { useSyncExternalStore } from 'react';
import { deviceForWidth, type Device } from './device';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function currentDevice(): Device {
  return deviceForWidth(window.innerWidth);
}

/** The device class of the current window width, updated on resize (spec §9 breakpoints). */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, currentDevice, () => 'desktop');
}

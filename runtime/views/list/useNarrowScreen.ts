/** True while the window is narrower than 500 px (the table then scrolls over 800 px, spec §9). */
import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_PX } from '../../list/constants';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const isNarrow = () => window.innerWidth < NARROW_SCREEN_PX;

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}

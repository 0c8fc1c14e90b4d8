/** Hide header on scroll down (settings): hidden once scrolled down past 100 px, shown again on scrolling up. */
import { useEffect, useState } from 'react';
import { AUTO_HIDE_HEADER_AFTER_PX } from '../../settings/themeSettings';

export function headerHiddenAfterScroll(previousY: number, y: number): boolean {
  return y > AUTO_HIDE_HEADER_AFTER_PX && y > previousY;
}

export function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let previous = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(headerHiddenAfterScroll(previous, y));
      previous = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      setHidden(false);
    };
  }, [enabled]);
  return enabled && hidden;
}

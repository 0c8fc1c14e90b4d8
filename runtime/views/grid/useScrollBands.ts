/**
 * The header and footer bands of a wide grid, kept at the body's sideways scroll. The bands hide
 * their overflow, yet a browser still scrolls them to bring something in them into view (find in
 * page, keyboard focus, a test driver's click on a header): such a scroll moves the body with them,
 * or the headers would sit over the wrong columns until the body next scrolled.
 */
import { useCallback, useRef, type RefCallback, type RefObject } from 'react';

export interface ScrollBands {
  /** Puts every band at the body's scrollLeft (useColumnWindow calls it on every body scroll). */
  follow: (scrollLeft: number) => void;
  /** The ref of each band: a band mounting later (the footer, once a statistics column shows) starts in line. */
  bandRef: RefCallback<HTMLDivElement>;
}

export function useScrollBands(body: RefObject<HTMLElement | null>): ScrollBands {
  // Where each band was put last: a scroll event reading another position was not ours.
  const bands = useRef(new Map<HTMLElement, number>());

  const place = useCallback((band: HTMLElement, left: number) => {
    // Noted before the write too, should the scroll event come at once.
    bands.current.set(band, left);
    if (band.scrollLeft !== left) band.scrollLeft = left;
    // The browser may round or clamp what it was given: what it reads back is what it will report.
    bands.current.set(band, band.scrollLeft);
  }, []);

  const follow = useCallback(
    (left: number) => {
      for (const band of bands.current.keys()) place(band, left);
    },
    [place],
  );

  const bandRef = useCallback<RefCallback<HTMLDivElement>>(
    (band) => {
      if (!band) return;
      const onScroll = () => {
        const element = body.current;
        if (!element || band.scrollLeft === bands.current.get(band)) return;
        element.scrollLeft = band.scrollLeft;
        // The body's own scroll event re-renders its columns; the bands line up with it now, even
        // where it could not go as far as the band went.
        follow(element.scrollLeft);
      };
      place(band, body.current?.scrollLeft ?? 0);
      band.addEventListener('scroll', onScroll, { passive: true });
      return () => {
        band.removeEventListener('scroll', onScroll);
        bands.current.delete(band);
      };
    },
    [body, follow, place],
  );

  return { follow, bandRef };
}

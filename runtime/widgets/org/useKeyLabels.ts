import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Labels of stored keys (department names of ids, real names of usernames) for a picker's input.
 * Keys without a known label are resolved with `resolve` once per change of the value; labels learnt
 * from a pick are remembered with `remember`, so emitting a pick costs no extra request. A key the
 * server does not know is labelled with itself once the lookup has answered; until then it has no
 * label, so the input does not flash raw ids while the names load.
 */
export function useKeyLabels(
  keys: readonly string[],
  resolve: (missing: readonly string[]) => Promise<ReadonlyMap<string, string> | null>,
): { labels: ReadonlyMap<string, string>; remember(entries: ReadonlyMap<string, string>): void } {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(() => new Map());
  const known = useRef<ReadonlyMap<string, string>>(labels);
  const keysText = keys.join(',');

  const remember = useCallback((entries: ReadonlyMap<string, string>) => {
    const next = new Map([...known.current, ...entries]);
    known.current = next;
    setLabels(next);
  }, []);

  useEffect(() => {
    const missing = keysText === '' ? [] : keysText.split(',').filter((key) => !known.current.has(key));
    if (missing.length === 0) return;
    let live = true;
    void resolve(missing).then((found) => {
      // A key the server does not know (or a failed lookup) shows as itself from now on.
      if (live) remember(new Map(missing.map((key) => [key, found?.get(key) ?? key])));
    });
    return () => {
      live = false;
    };
    // `resolve` is a new function each render; the value (keysText) is what asks for a lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keysText, remember]);

  return { labels, remember };
}

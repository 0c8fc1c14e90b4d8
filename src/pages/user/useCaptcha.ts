import { useCallback, useEffect, useState } from 'react';
import { getCaptcha } from '../../api/sys';

export interface Captcha {
  /** the key the image was fetched with; sent back as checkKey */
  checkKey: string;
  /** data URL, or null while loading / after a failure */
  image: string | null;
  failed: boolean;
  refresh(): void;
}

/** A captcha image keyed by Date.now() (GET /sys/randomImage/{key}); refresh() fetches a new one. */
export function useCaptcha(): Captcha {
  const [checkKey, setCheckKey] = useState(() => String(Date.now()));
  const [state, setState] = useState<{ key: string; image: string | null; failed: boolean }>({
    key: '',
    image: null,
    failed: false,
  });

  useEffect(() => {
    let alive = true;
    getCaptcha(checkKey)
      .then((res) => {
        if (!alive) return;
        setState(
          res.success && res.result
            ? { key: checkKey, image: res.result, failed: false }
            : { key: checkKey, image: null, failed: true },
        );
      })
      .catch(() => {
        if (alive) setState({ key: checkKey, image: null, failed: true });
      });
    return () => {
      alive = false;
    };
  }, [checkKey]);

  // Strictly increasing, so two clicks within one millisecond still fetch a new image.
  const refresh = useCallback(() => setCheckKey((prev) => String(Math.max(Date.now(), Number(prev) + 1))), []);
  const current = state.key === checkKey;
  return { checkKey, image: current ? state.image : null, failed: current && state.failed, refresh };
}

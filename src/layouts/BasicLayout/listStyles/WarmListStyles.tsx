/**
 * Makes the styles of list pages ahead of the first menu click (see ListStyleSamples): once the
 * signed-in layout has shown and the browser is idle, loads the samples' code (a chunk of its own,
 * mostly the antd components the list pages load anyway) and renders them out of sight.
 */
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

const ListStyleSamples = lazy(() => import('./ListStyleSamples'));

/**
 * Memoised (it takes no props): the layout re-renders on every navigation, and the samples — a
 * table, a form, pickers: hundreds of components — must not render again inside a menu click.
 */
export default memo(function WarmListStyles() {
  const [due, setDue] = useState(false);
  useEffect(() => whenIdle(() => setDue(true)), []);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <ListStyleSamples />
    </Suspense>
  );
});

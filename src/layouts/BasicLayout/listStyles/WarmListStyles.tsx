/**
 * Makes the styles of list pages ahead of the first menu click (see ListStyleSamples): once the
 * signed-in layout has shown and the browser is idle, loads the samples' code (a chunk of its own,
 * mostly the antd components the list pages load anyway) and renders them out of sight.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

const ListStyleSamples = lazy(() => import('./ListStyleSamples'));

export default function WarmListStyles() {
  const [due, setDue] = useState(false);
  useEffect(() => whenIdle(() => setDue(true)), []);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <ListStyleSamples />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { useErrorLog } from '../store/error-log';

// Most sessions never log an error, so the badge, modal and table stay out of the shell's chunk.
const ErrorLogPanel = lazy(() => import('./error-log-panel'));

export function ErrorLogButton() {
  const { entries } = useErrorLog();
  if (entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ErrorLogPanel />
    </Suspense>
  );
}

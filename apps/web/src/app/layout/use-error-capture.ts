import { useEffect } from 'react';
import { useErrorLog } from '../store/error-log';

/** Window-level errors go to the error log (spec §2); render errors arrive via the ErrorBoundary. */
export function useErrorCapture(isEnabled: boolean): void {
  const { logError } = useErrorLog();
  useEffect(() => {
    if (!isEnabled) return;
    const onError = (event: ErrorEvent) => logError({ error: event.error ?? event.message, info: 'window.error' });
    const onRejection = (event: PromiseRejectionEvent) => logError({ error: event.reason, info: 'unhandledrejection' });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [isEnabled, logError]);
}

import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export type ErrorLogEntry = { id: number; error: string; stack: string; info: string; url: string };
type LogInput = { error: unknown; info?: string };

type ErrorLogValue = {
  entries: ErrorLogEntry[];
  logError: (input: LogInput) => void;
  clear: () => void;
};

const ErrorLogContext = createContext<ErrorLogValue | null>(null);

function describe(error: unknown): { error: string; stack: string } {
  if (error instanceof Error) return { error: error.message, stack: error.stack ?? '' };
  return { error: String(error), stack: '' };
}

let nextId = 1;

export function ErrorLogProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<ErrorLogEntry[]>([]);
  const logError = useCallback((input: LogInput) => {
    const entry = { id: nextId++, ...describe(input.error), info: input.info ?? '', url: window.location.href };
    setEntries((current) => [entry, ...current]);
  }, []);
  const clear = useCallback(() => setEntries([]), []);
  const value = useMemo(() => ({ entries, logError, clear }), [entries, logError, clear]);
  return <ErrorLogContext.Provider value={value}>{children}</ErrorLogContext.Provider>;
}

export function useErrorLog(): ErrorLogValue {
  const value = useContext(ErrorLogContext);
  if (!value) throw new Error('useErrorLog outside ErrorLogProvider');
  return value;
}

import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// Result inlines the large 403/404/500 illustrations; error states are rare, so it loads
// when one is shown instead of with the panel shell and the dashboard.
const Result = lazy(() => import('antd/es/result'));

export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}

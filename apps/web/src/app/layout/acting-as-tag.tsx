import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session-context';

// Few sessions work as another role, so the tag and its call load only for them.
const ActingAsPanel = lazy(() => import('./acting-as-panel'));

/** Always visible while the user works as another role, so they never forget to come back. */
export function ActingAsTag({ isCompact = false }: { isCompact?: boolean }) {
  const { me } = useSession();
  if (!me.acting_as) return null;
  return (
    <Suspense fallback={null}>
      <ActingAsPanel isCompact={isCompact} roleName={me.acting_as.role_name} />
    </Suspense>
  );
}

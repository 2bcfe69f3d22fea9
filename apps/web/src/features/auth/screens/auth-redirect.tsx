import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { getDefaultPageCookie, setToken } from '../../../lib/cookies';
import { useResolveLanding } from '../../../lib/landing';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { queryClient } from '../../../lib/query-client';
import { safeRedirect } from '../safe-redirect';

/** Signs in with a token handed over in the link (`?token=&redirect=`) and moves on. */
export default function AuthRedirectScreen() {
  const [searchParams] = useLiveSearchParams();
  const navigate = useNavigate();
  const resolveLanding = useResolveLanding();

  useEffect(() => {
    const token = searchParams.get('token');
    if (!token) {
      navigate('/login', { replace: true });
      return;
    }
    setToken(token);
    queryClient.clear();
    navigate(safeRedirect(searchParams.get('redirect')) ?? resolveLanding(getDefaultPageCookie()), { replace: true });
  }, [searchParams, navigate, resolveLanding]);

  return <PageSpinner isFullScreen />;
}

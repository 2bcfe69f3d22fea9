import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { AuthRedirectScreen, LoginScreen, RegistrationScreen, ResetPasswordScreen } from '../features/auth/index.js';
import { PublicCertificateScreen } from '../features/certificates/index.js';
import { OpenFridgeScreen } from '../features/open-fridge/index.js';
import { ReceiptScreen } from '../features/receipts/index.js';
import { NotFoundScreen, TermsScreen, UnauthorizedScreen } from '../features/system/index.js';
import { GuestOnly } from './guest-only';
import { PrivateArea } from './private-area';

/** Public paths of the contract's PUBLIC_PATHS that this build has; everything else is the panel. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner isFullScreen />}>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <LoginScreen />
            </GuestOnly>
          }
        />
        <Route path="/registration/:token" element={<RegistrationScreen />} />
        <Route path="/reset/password/:token" element={<ResetPasswordScreen />} />
        <Route path="/notauth/open/fridge/:token" element={<OpenFridgeScreen kind="customer" />} />
        <Route path="/notauth/courier/open/fridge/:token" element={<OpenFridgeScreen kind="courier" />} />
        <Route path="/receipt/:token" element={<ReceiptScreen />} />
        <Route path="/notauth/certificate/:slug" element={<PublicCertificateScreen />} />
        <Route path="/auth-redirect" element={<AuthRedirectScreen />} />
        <Route path="/404" element={<NotFoundScreen />} />
        <Route path="/401" element={<UnauthorizedScreen />} />
        <Route path="/terms" element={<TermsScreen />} />
        <Route path="*" element={<PrivateArea />} />
      </Routes>
    </Suspense>
  );
}

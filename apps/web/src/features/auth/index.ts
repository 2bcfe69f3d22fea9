import { lazy } from 'react';

/**
 * Public surface of the auth feature: signing in, registration by invitation, password reset and
 * signing in by a token handed over in a link. The app imports only this file. Each screen is a
 * lazy component with a chunk of its own, so importing the surface adds next to nothing to the
 * first download.
 */
export const LoginScreen = lazy(() => import('./screens/login'));
export const RegistrationScreen = lazy(() => import('./screens/registration'));
export const ResetPasswordScreen = lazy(() => import('./screens/reset-password'));
export const AuthRedirectScreen = lazy(() => import('./screens/auth-redirect'));

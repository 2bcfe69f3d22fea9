import { QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_PAGE_PATHS, THEME_COLOR } from '@vitrina/contract';
import { ConfigProvider, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { getAntdLocale, i18n } from '../lib/i18n';
import { isDefaultPage, LandingContext, type ResolveLanding } from '../lib/landing';
import { onMessageHostNeeded } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { useLocale } from '../lib/use-locale';
import { hasScreen } from './screens';
import { ErrorLogProvider } from './store/error-log';
import { UiProvider } from './store/ui-store';
import { TabsProvider } from './tabs/tabs-store';

/** A default page whose screen is not in this build falls back to the dashboard. */
/**
 * Lands on the role's default page when this build has its screen; otherwise on `/`, which
 * opens the dashboard, or the user's first page when their role has no dashboard.
 */
const resolveLanding: ResolveLanding = (page) => {
  const path = isDefaultPage(page) && page !== 'dashboard' ? DEFAULT_PAGE_PATHS[page] : undefined;
  return path && hasScreen(path) ? path : '/';
};

/** The class that carries the theme's CSS variables, named so plain elements can use them too. */
const THEME_CSS_VAR_KEY = 'vitrina-theme';

const MessageHost = lazy(() => import('./message-host'));

/**
 * Themed toasts for code outside React (the api client). Ant Design's App component would
 * do this too, but it brings Modal and notification into the first chunk; the host here
 * loads with the first toast.
 */
function LazyMessageHost() {
  const [isNeeded, setNeeded] = useState(false);
  useEffect(() => onMessageHostNeeded(() => setNeeded(true)), []);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  );
}

/**
 * What Ant Design's App root gives plain elements: the base font, size and colour, and,
 * through the theme's hash and CSS-variable classes, its link style.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token, hashId } = theme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return (
    <div className={`${hashId} ${THEME_CSS_VAR_KEY}`} style={style}>
      {children}
    </div>
  );
}

/**
 * Ant Design's drawers, modals and toasts stop animating when the system asks for reduced
 * motion (WCAG 2.3.3); the end-to-end tests run with that setting, as many users do.
 */
function ThemedApp({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={getAntdLocale(locale)}
      componentSize="middle"
      theme={{
        token: { colorPrimary: THEME_COLOR, borderRadius: 8, fontSize: 14, motion: !reducedMotion },
        cssVar: { key: THEME_CSS_VAR_KEY },
      }}
    >
      <LazyMessageHost />
      <BaseText>{children}</BaseText>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedApp>
          <BrowserRouter>
            <LandingContext.Provider value={resolveLanding}>
              <ErrorLogProvider>
                <UiProvider>
                  <TabsProvider>{children}</TabsProvider>
                </UiProvider>
              </ErrorLogProvider>
            </LandingContext.Provider>
          </BrowserRouter>
        </ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

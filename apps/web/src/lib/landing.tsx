import { DEFAULT_PAGE_PATHS, DEFAULT_PAGES, type DefaultPage } from '@vitrina/contract';
import { createContext, useContext } from 'react';

export type ResolveLanding = (page: string | undefined) => string;

export function isDefaultPage(value: string | undefined): value is DefaultPage {
  return (DEFAULT_PAGES as readonly (string | undefined)[]).includes(value);
}

const fallback: ResolveLanding = (page) => (isDefaultPage(page) ? DEFAULT_PAGE_PATHS[page] : '/dashboard');

/** The app knows which screens exist in this build; features only ask where to land. */
export const LandingContext = createContext<ResolveLanding>(fallback);

export function useResolveLanding(): ResolveLanding {
  return useContext(LandingContext);
}

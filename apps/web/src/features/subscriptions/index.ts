import { lazy } from 'react';
import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the subscriptions feature: the organisation's subscription, its payments and the subscribe modal. */
export const SubscriptionScreen = lazyScreen(() => import('./screens/subscription'), ['subscriptions', 'cards']);
export const SubscribeTransactionsScreen = lazyScreen(
  () => import('./screens/subscribe-transactions'),
  ['subscriptions'],
);
export const SubscribeModal = lazy(() => import('./components/subscribe-modal'));

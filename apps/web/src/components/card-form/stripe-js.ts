/**
 * Stripe.js, loaded from Stripe (its terms forbid bundling or hosting it ourselves) only when a
 * card is saved with Stripe: the test provider's pages, the offline demo and the tests never
 * fetch it. Typed here for the few calls the card form makes, instead of a dependency.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export type StripePaymentElement = { mount(element: HTMLElement): void; destroy(): void };
export type StripeElements = { create(kind: 'payment', options?: object): StripePaymentElement };
export type StripeSetupResult = {
  error?: { message?: string };
  setupIntent?: { id: string; status: string };
};
export type StripeClient = {
  elements(options: { clientSecret: string; locale?: string; appearance?: object }): StripeElements;
  confirmSetup(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams: { return_url: string };
  }): Promise<StripeSetupResult>;
};
type StripeConstructor = (publishableKey: string) => StripeClient;

let loading: Promise<StripeConstructor> | null = null;

/** Adds Stripe's script once; a failed load may be tried again. */
export function loadStripeJs(): Promise<StripeConstructor> {
  const existing = (window as { Stripe?: StripeConstructor }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { Stripe?: StripeConstructor }).Stripe;
      if (loaded) resolve(loaded);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

import { LockOutlined } from '@ant-design/icons';
import { api, type TCardSetup, TEST_CARD_PAYMENT_METHODS, type TestPaymentMethod } from '@vitrina/contract';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { useLocale } from '../../lib/use-locale';
import { loadStripeJs, type StripeClient, type StripeElements } from './stripe-js';

/** What a page with its own submit button asks of the card form. */
export type CardFormHandle = {
  /** Confirms the card with its provider: the setup's id, or null when it was not (the form says why). */
  confirm(): Promise<string | null>;
  /** Starts over with a new setup: after a payment refused the card, another is entered. */
  reset(): void;
};

type Props = {
  /** Starts a setup at our server: the endpoint of the page's card (subscription, open link…). */
  start: () => Promise<TCardSetup>;
  ref?: Ref<CardFormHandle>;
  /** With its own button (the subscription card), which saves through `onConfirmed`. */
  submitLabel?: string;
  onConfirmed?: (setupId: string) => void;
  isBusy?: boolean;
  /** Marks the label as required, as the page's other required fields are (` *`). */
  isRequired?: boolean;
};

type Stripe = { client: StripeClient; elements: StripeElements };

const messageOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * Collects a card for saving (a SetupIntent): with Stripe, Stripe.js's Payment Element, loaded
 * from Stripe only then; with the test provider, its offline form, which takes a test card
 * number, turns it into the test provider's payment method in the page and confirms the setup
 * with that. Either way the card number never reaches our server.
 */
export function CardForm({ start, ref, submitLabel, onConfirmed, isBusy, isRequired }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [round, setRound] = useState(0);
  const [setup, setSetup] = useState<TCardSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmed = useRef<string | null>(null);
  const stripe = useRef<Stripe | null>(null);
  const mountPoint = useRef<HTMLDivElement>(null);
  const startRef = useRef(start);
  startRef.current = start;

  // A setup per round: the first on mount, another after `reset`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is what starts a new setup.
  useEffect(() => {
    let isCurrent = true;
    setSetup(null);
    setError(null);
    confirmed.current = null;
    startRef
      .current()
      .then((made) => isCurrent && setSetup(made))
      .catch((failure: unknown) => isCurrent && setError(messageOf(failure, t('cards.setup_failed'))));
    return () => {
      isCurrent = false;
    };
  }, [round, t]);

  useEffect(() => {
    if (setup?.provider !== 'stripe' || !setup.publishable_key) return;
    let isCurrent = true;
    let destroy = () => {};
    loadStripeJs()
      .then((Stripe) => {
        if (!isCurrent || !mountPoint.current) return;
        const client = Stripe(setup.publishable_key!);
        const elements = client.elements({
          clientSecret: setup.client_secret,
          locale: locale === 'ua' ? 'uk' : locale,
        });
        const payment = elements.create('payment');
        payment.mount(mountPoint.current);
        stripe.current = { client, elements };
        destroy = () => payment.destroy();
      })
      .catch(() => isCurrent && setError(t('cards.stripe_unavailable')));
    return () => {
      isCurrent = false;
      stripe.current = null;
      destroy();
    };
  }, [setup, locale, t]);

  const confirmTestCard = async (made: TCardSetup): Promise<boolean> => {
    const paymentMethod = TEST_CARD_PAYMENT_METHODS[number.replace(/\D/g, '')] as TestPaymentMethod | undefined;
    if (!paymentMethod) {
      setNumberError(t('cards.test_invalid'));
      return false;
    }
    await callEndpoint(
      api.card.confirmTestSetup,
      { body: { client_secret: made.client_secret, payment_method: paymentMethod } },
      { isSilent: true },
    );
    return true;
  };

  const confirmStripeCard = async (): Promise<boolean> => {
    if (!stripe.current) return false;
    const { client, elements } = stripe.current;
    const result = await client.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    if (result.error) setError(result.error.message ?? t('cards.setup_failed'));
    return !result.error && result.setupIntent?.status === 'succeeded';
  };

  const confirm = async (): Promise<string | null> => {
    if (confirmed.current) return confirmed.current;
    if (!setup) return null;
    setError(null);
    setNumberError(null);
    setIsConfirming(true);
    try {
      const isDone = setup.provider === 'stripe' ? await confirmStripeCard() : await confirmTestCard(setup);
      if (!isDone) return null;
      confirmed.current = setup.setup_id;
      return setup.setup_id;
    } catch (failure) {
      setError(messageOf(failure, t('cards.setup_failed')));
      return null;
    } finally {
      setIsConfirming(false);
    }
  };

  useImperativeHandle(ref, () => ({ confirm, reset: () => setRound((n) => n + 1) }));

  const save = async () => {
    const setupId = await confirm();
    if (setupId) onConfirmed?.(setupId);
  };

  return (
    <div className="card-form" data-testid="card-form">
      {!setup && !error && <Skeleton active paragraph={{ rows: 1 }} title={false} />}
      {setup?.provider === 'test' && (
        <Form.Item
          label={`${t('cards.card_number')}${isRequired ? ' *' : ''}`}
          validateStatus={numberError ? 'error' : undefined}
          help={numberError ?? undefined}
          extra={t('cards.test_hint')}
          htmlFor="card-number"
        >
          <Input
            id="card-number"
            autoComplete="cc-number"
            inputMode="numeric"
            size="large"
            placeholder="4242 4242 4242 4242"
            value={number}
            onChange={(event) => {
              setNumber(event.target.value);
              setNumberError(null);
            }}
          />
        </Form.Item>
      )}
      {setup?.provider === 'stripe' && (
        <Form.Item label={`${t('cards.card')}${isRequired ? ' *' : ''}`} extra={t('cards.stripe_hint')}>
          <div ref={mountPoint} style={{ minHeight: 44 }} />
        </Form.Item>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          action={
            !setup && (
              <Button size="small" onClick={() => setRound((n) => n + 1)}>
                {t('cards.retry')}
              </Button>
            )
          }
        />
      )}
      {submitLabel && (
        <Button
          type="primary"
          icon={<LockOutlined />}
          loading={isConfirming || isBusy}
          disabled={!setup}
          onClick={() => void save()}
        >
          {submitLabel}
        </Button>
      )}
    </div>
  );
}

import type { Currency, TMicromarket } from '@vitrina/contract';

/** What the micromarket card gives each of its tabs (card-tabs.tsx lists them). */
export type MicromarketTabProps = { micromarket: TMicromarket; canEdit: boolean; currency: Currency };

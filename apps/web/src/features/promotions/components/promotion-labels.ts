import type { TBonusPromotion } from '@vitrina/contract';
import type { TFunction } from 'i18next';
import { fromMinor } from '../../../lib/money';

/** "10%" or "1.50" (minor units shown as the amount). */
export function bonusLabel(promotion: Pick<TBonusPromotion, 'bonus_type' | 'amount'>): string {
  return promotion.bonus_type === 'percent' ? `${promotion.amount}%` : fromMinor(promotion.amount).toFixed(2);
}

export function kindLabel(t: TFunction, promotion: Pick<TBonusPromotion, 'type' | 'subtype'>): string {
  return `${t(`promotions.type.${promotion.type}`)} · ${t(`promotions.subtype.${promotion.subtype}`)}`;
}

export function datesLabel(promotion: Pick<TBonusPromotion, 'start_date' | 'end_date'>): string {
  return `${promotion.start_date} – ${promotion.end_date ?? '…'}`;
}

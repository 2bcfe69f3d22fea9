import { type ErrorCategory, isMessageKey, type Locale, translate } from '@vitrina/contract';
import type { TFunction } from 'i18next';

export const CATEGORY_COLORS: Record<ErrorCategory, string> = {
  refusal: '#d4380d',
  payment: '#cf1322',
  command: '#d48806',
  alert: '#531dab',
};

/**
 * What a group's key says to a person: a §8 refusal reason in words, a command by its name
 * with its outcome, an alert type by name; a provider's error code as the provider gave it.
 */
export function describeKey(
  t: TFunction,
  locale: Locale,
  group: { category: ErrorCategory; key: string; detail: string | null },
): { what: string; detail: string | null } {
  switch (group.category) {
    case 'refusal':
      return { what: isMessageKey(group.key) ? translate(group.key, locale) : group.key, detail: null };
    case 'payment':
      return { what: group.key.replaceAll('_', ' '), detail: group.detail };
    case 'command':
      return {
        what: t(`fleet.commands.${group.key}`, { defaultValue: group.key }),
        detail: group.detail ? t(`fleet.command_status.${group.detail}`, { defaultValue: group.detail }) : null,
      };
    case 'alert':
      return { what: t(`alerts.types.${group.key}`, { defaultValue: group.key }), detail: null };
  }
}

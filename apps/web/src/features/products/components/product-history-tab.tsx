import { ArrowRightOutlined } from '@ant-design/icons';
import { api, type Currency, PRODUCT_STATUSES } from '@vitrina/contract';
import { Empty, Skeleton, Timeline } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCategoryTree } from '../../../lib/queries/category-tree';
import { useMakerOptions } from '../../../lib/queries/maker-options';
import { useLocale } from '../../../lib/use-locale';
import { diffEntries } from './history-diff';

const MONEY_FIELDS = new Set(['base_cost', 'sell_cost']);
const isStatus = (value: unknown): value is (typeof PRODUCT_STATUSES)[number] =>
  (PRODUCT_STATUSES as readonly unknown[]).includes(value);

type Format = {
  t: TFunction;
  currency: Currency;
  locale: ReturnType<typeof useLocale>;
  /** Names of the organisation's makers and categories: history entries carry only their ids. */
  names: { maker_id: Map<number, string>; category_id: Map<number, string> };
};

function formatValue(field: string, value: unknown, { t, currency, locale, names }: Format): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field === 'maker_id' || field === 'category_id') && typeof value === 'number') {
    return names[field].get(value) ?? `#${value}`;
  }
  if (typeof value === 'boolean') return value ? t('catalogue.yes') : t('catalogue.no');
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatMoney(value, { currency, locale });
  if (field === 'status' && isStatus(value)) return t(`catalogue.product_status.${value}`);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Who changed what and when; each entry lists its fields as before → after. */
export function ProductHistoryTab({
  productId,
  orgId,
  currency,
}: {
  productId: number;
  orgId: number;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const history = useEndpoint(api.product.history, { params: { id: productId } }, { staleTime: 0 });
  const makers = useMakerOptions(orgId);
  const categories = useCategoryTree(orgId);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (history.isError) return <LoadError onRetry={() => history.refetch()} />;
  if (history.data.items.length === 0) return <Empty description={t('products.no_history')} />;
  const names = {
    maker_id: new Map((makers.data?.items ?? []).map((maker) => [maker.id, maker.name])),
    category_id: new Map((categories.data?.items ?? []).map((category) => [category.id, category.name])),
  };
  const format = { t, currency, locale, names };

  return (
    <Timeline
      items={history.data.items.map((entry) => ({
        key: entry.id,
        content: (
          <div className="history-entry">
            <div>
              <strong>{t(`products.history_actions.${entry.action}`, { defaultValue: entry.action })}</strong>
              <span className="muted">{` · ${entry.actor_name ?? t('products.system_actor')} · ${formatDateUtc(entry.created_at)}`}</span>
            </div>
            <ul className="history-entry__changes">
              {diffEntries(entry.before, entry.after).map((change) => (
                <li key={change.field}>
                  <span className="history-entry__field">
                    {t(`products.history_fields.${change.field}`, { defaultValue: change.field })}
                  </span>
                  {entry.before !== null && entry.before !== undefined && (
                    <>
                      <del>{formatValue(change.field, change.before, format)}</del>
                      <ArrowRightOutlined aria-hidden style={{ fontSize: 10, color: '#8c8c8c' }} />
                    </>
                  )}
                  <ins>{formatValue(change.field, change.after, format)}</ins>
                </li>
              ))}
            </ul>
          </div>
        ),
      }))}
    />
  );
}

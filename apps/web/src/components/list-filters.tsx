import { ClearOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMicromarketOptions } from '../lib/queries/micromarket-options';
import { useOrganizationOptions } from '../lib/queries/organization-options';
import { searchBoxText } from '../lib/search-box';

/** What every filter select of a list shares: clearable, its own width, a popup as wide as it needs. */
export const FILTER_SELECT = {
  allowClear: true,
  className: 'list-filters__select',
  popupMatchSelectWidth: false,
} as const;

/**
 * A search box that sends on Enter (not on every key) and follows the URL when it changes
 * from elsewhere (back button, Reset filters).
 */
export function SearchFilter(props: {
  label: string;
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(props.value ?? '');
  // The search last sent from this box, or last shown from the link.
  const sent = useRef(props.value);
  useEffect(() => {
    setText((typed) => searchBoxText({ typed, linked: props.value, sent: sent.current }));
    sent.current = props.value;
  }, [props.value]);
  return (
    <Input.Search
      aria-label={props.label}
      placeholder={props.label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => {
        sent.current = value.trim() || undefined;
        props.onSearch(sent.current);
      }}
      allowClear
      className="list-filters__search"
    />
  );
}

/** The organisation filter; shown only to users who see more than one organisation. */
export function OrganizationFilter(props: {
  value: number | undefined;
  onChange: (orgId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const organizations = useOrganizationOptions();
  if ((organizations.data?.items.length ?? 0) < 2) return null;
  return (
    <Select
      {...FILTER_SELECT}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('fields.organization')}
      placeholder={t('fields.organization')}
      value={props.value}
      onChange={(value?: number) => props.onChange(value)}
      options={organizations.data?.items.map((org) => ({ value: org.id, label: org.name }))}
    />
  );
}

/** The micromarket filter: the visible organisations' micromarkets, searchable by name. */
export function MicromarketFilter(props: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const micromarkets = useMicromarketOptions();
  return (
    <Select
      {...FILTER_SELECT}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('fields.micromarket')}
      placeholder={t('fields.micromarket')}
      loading={micromarkets.isPending}
      value={props.value}
      onChange={(value?: number) => props.onChange(value)}
      options={micromarkets.data?.items.map((item) => ({ value: item.id, label: item.name }))}
    />
  );
}

export function ResetFiltersButton(props: { isVisible: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  if (!props.isVisible) return null;
  return (
    <Button icon={<ClearOutlined />} onClick={props.onReset}>
      {t('actions.reset_filters')}
    </Button>
  );
}

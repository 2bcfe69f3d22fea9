import { GlobalOutlined } from '@ant-design/icons';
import { isLocale, LOCALE_NAMES, LOCALES } from '@vitrina/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../lib/i18n';
import { useLocale } from '../../lib/use-locale';

export function LocaleDropdown({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const items = LOCALES.map((code) => ({ key: code, label: LOCALE_NAMES[code] }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [locale],
        onClick: ({ key }) => {
          if (isLocale(key)) void changeLocale(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('layout.language')}>
        {!isCompact && LOCALE_NAMES[locale]}
      </Button>
    </Dropdown>
  );
}

import { CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown, type MenuProps } from 'antd';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { neighbourOf, type Tab } from '../tabs/tab-list';
import { useTabs } from '../tabs/tabs-store';

type Action = 'refresh' | 'close' | 'close_others' | 'close_all';

export function TabStrip() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const store = useTabs();
  const queryClient = useQueryClient();

  const close = (tab: Tab) => {
    if (tab.isAffix) return;
    if (tab.key === pathname) {
      const next = neighbourOf(store.tabs, tab.key);
      navigate(next?.fullPath ?? '/');
    }
    store.close(tab.key);
  };

  const run = (action: Action, tab: Tab) => {
    if (action === 'refresh') {
      // Remounting alone would show cached answers; Refresh means fresh data from the server.
      void queryClient.invalidateQueries();
      store.refresh(tab.key);
      navigate(`/redirect${tab.fullPath}`, { replace: true });
    }
    if (action === 'close') close(tab);
    if (action === 'close_others') {
      store.closeOthers(tab.key);
      if (tab.key !== pathname) navigate(tab.fullPath);
    }
    if (action === 'close_all') {
      store.closeAll();
      const affix = store.tabs.find((item) => item.isAffix);
      navigate(affix?.fullPath ?? '/');
    }
  };

  // The strip's tabs keep their handlers across switches (they read the latest through a ref),
  // so a switch draws the two tabs that changed, not every tab of a long day.
  const latest = useRef({ close, run, navigate });
  latest.current = { close, run, navigate };
  const handlers = useMemo<TabHandlers>(
    () => ({
      open: (tab) => latest.current.navigate(tab.fullPath),
      close: (tab) => latest.current.close(tab),
      run: (action, tab) => latest.current.run(action, tab),
    }),
    [],
  );

  return (
    <nav aria-label={t('tabs.visited_pages')} className="tab-strip">
      {store.tabs.map((tab) => (
        <TabItem key={tab.key} tab={tab} isActive={tab.key === pathname} handlers={handlers} />
      ))}
    </nav>
  );
}

type TabHandlers = {
  open: (tab: Tab) => void;
  close: (tab: Tab) => void;
  run: (action: Action, tab: Tab) => void;
};

const TabItem = memo(function TabItem(props: { tab: Tab; isActive: boolean; handlers: TabHandlers }) {
  const { t } = useTranslation();
  const { tab, isActive, handlers } = props;
  const title = t(`menu.${tab.title}`);
  const menu: MenuProps = {
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      { key: 'close', label: t('tabs.close'), disabled: tab.isAffix },
      { key: 'close_others', label: t('tabs.close_others') },
      { key: 'close_all', label: t('tabs.close_all') },
    ],
    onClick: ({ key }) => handlers.run(key as Action, tab),
  };
  return (
    <Dropdown trigger={['contextMenu']} menu={menu}>
      <div className={isActive ? 'tab-strip__tab tab-strip__tab--active' : 'tab-strip__tab'}>
        <button
          type="button"
          className="tab-strip__link"
          aria-current={isActive ? 'page' : undefined}
          onClick={() => handlers.open(tab)}
        >
          {title}
        </button>
        {!tab.isAffix && (
          <button
            type="button"
            className="tab-strip__close"
            aria-label={t('tabs.close_tab', { title })}
            onClick={() => handlers.close(tab)}
          >
            <CloseOutlined />
          </button>
        )}
      </div>
    </Dropdown>
  );
});

import { BellOutlined } from '@ant-design/icons';
import type { api, Permission } from '@vitrina/contract';
import { Badge, Button, Popover } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointAddress } from '../../lib/api-client';
import { useEndpoint } from '../../lib/endpoint-query';
import { useLiveRefetch } from '../../lib/live';
import { useSession } from '../../lib/session-context';

/**
 * By address (see EndpointAddress): this chunk loads right after the shell for every user, so
 * it stays without zod and the contract's schemas; the list, opened on a click, brings them.
 */
const BADGES: EndpointAddress<typeof api.notice.badges> = { method: 'GET', path: '/v1/notice/badges', tag: 'notices' };
const BELL_PERMISSIONS: readonly Permission[] = [
  'show_technical_analytics_page',
  'show_device_page',
  'show_fridge_display',
];
const BADGE_PERMISSIONS: readonly Permission[] = [...BELL_PERMISSIONS, 'show_support_page', 'show_ticket_system_page'];

const AlertBellList = lazy(() => import('./alert-bell-list'));

/** The unread counts of the top bar and the menu, one call for both, refreshed by the live stream (no polling). */
function useBadges() {
  const { can } = useSession();
  const isAllowed = BADGE_PERMISSIONS.some(can);
  const badges = useEndpoint(BADGES, undefined, { enabled: isAllowed });
  useLiveRefetch('notice', [BADGES.tag]);
  useLiveRefetch('support', [BADGES.tag]);
  useLiveRefetch('ticket', [BADGES.tag]);
  return badges.data;
}

/** The alert bell: unread fleet notices, and the recent ones in a list that opens each alert or fridge. */
export default function PanelBell({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const badges = useBadges();
  const [isOpen, setOpen] = useState(false);
  if (!BELL_PERMISSIONS.some(can)) return null;
  const unread = badges?.alerts ?? 0;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setOpen}
      arrow={false}
      // Always an element: a Popover without content would not open at all; the list mounts when open.
      content={
        <Suspense fallback={<div style={{ width: 300, height: 120 }} />}>
          {isOpen ? <AlertBellList onClose={() => setOpen(false)} /> : null}
        </Suspense>
      }
    >
      <Button
        type="text"
        aria-label={unread > 0 ? t('alerts.bell.label_unread', { count: unread }) : t('alerts.bell.label')}
        data-testid="alert-bell"
        style={{ width: isCompact ? 40 : 44, height: 40, paddingInline: 0 }}
      >
        <Badge count={unread} size="small" overflowCount={99} offset={[2, -2]}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}

/** A menu entry's unread count (support chats, tickets), shown only when something is unread. */
export function MenuCount({ which }: { which: 'support' | 'tickets' }) {
  const { t } = useTranslation();
  const count = useBadges()?.[which] ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      count={count}
      size="small"
      overflowCount={99}
      style={{ marginInlineStart: 8, boxShadow: 'none' }}
      title={t('alerts.bell.menu_unread', { count })}
    />
  );
}

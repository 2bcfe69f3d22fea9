import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  api,
  SUPPORT_CURRENT_STATUSES,
  SUPPORT_MOVES,
  SUPPORT_MOVES_OF,
  type SupportKind,
  type SupportMove,
  TICKET_PRIORITIES,
  type TicketPriority,
  type TSupportComment,
  type TSupportThreadCard,
  translate,
} from '@vitrina/contract';
import { Alert, Button, Descriptions, Drawer, Input, Popconfirm, Select, Space, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyResult } from '../../../components/lazy-result';
import { useIsMobile } from '../../../components/use-is-mobile';
import { callEndpoint } from '../../../lib/api-client';
import { invalidateAreas, useEndpoint, useEndpointMutation, useUploadMutation } from '../../../lib/endpoint-query';
import { formatDuration, formatRelativeTime } from '../../../lib/format';
import { useLiveRefetch } from '../../../lib/live';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { checkUpload } from '../../../lib/upload-check';
import { useLocale } from '../../../lib/use-locale';
import { PRIORITY_COLORS, STATUS_COLORS, threadApi, topicOf } from './thread-api';

const CONVERSATION_REFETCH_MS = 100;

function Comment({ comment }: { comment: TSupportComment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isCustomer = comment.author_kind === 'customer';
  return (
    <li className={`support-comment${isCustomer ? ' support-comment--customer' : ''}`}>
      <div className="support-comment__head">
        <strong>{isCustomer ? t('support.customer_said') : (comment.author_name ?? '—')}</strong>
        <time className="muted" dateTime={comment.created_at} title={comment.created_at}>
          {formatRelativeTime(comment.created_at, { locale })}
        </time>
      </div>
      {comment.text && <p>{comment.text}</p>}
      {comment.attachment && (
        <a href={comment.attachment.url} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {comment.attachment.name}
        </a>
      )}
    </li>
  );
}

/** Writes a comment, with a picture or PDF when one is attached. */
function Composer({ kind, id }: { kind: SupportKind; id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const a = threadApi(kind);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const comment = useEndpointMutation(a.comment);
  const attach = useUploadMutation(a.attach);
  const send = () => {
    if (!text.trim()) return;
    comment.mutate({ params: { id }, body: { text } }, { onSuccess: () => setText('') });
  };
  const pick = async (file: File) => {
    const refusal = await checkUpload(file, 'document');
    if (refusal) {
      setProblem(translate(refusal, locale));
      return;
    }
    setProblem(null);
    const formData = new FormData();
    formData.append('text', text);
    formData.append('file', file);
    attach.mutate({ params: { id }, formData }, { onSuccess: () => setText('') });
  };
  return (
    <div className="support-composer">
      <Input.TextArea
        aria-label={t('support.comment_placeholder')}
        placeholder={t('support.comment_placeholder')}
        value={text}
        maxLength={4000}
        autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={(event) => {
          if (!event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
      />
      {problem && <Alert type="error" showIcon message={problem} />}
      <Space wrap>
        <Button type="primary" icon={<SendOutlined />} onClick={send} loading={comment.isPending}>
          {t('support.send')}
        </Button>
        <Upload
          accept="image/jpeg,image/png,image/webp,application/pdf"
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button icon={<PaperClipOutlined />} loading={attach.isPending} title={t('support.attach_hint')}>
            {t('support.attach')}
          </Button>
        </Upload>
      </Space>
    </div>
  );
}

/**
 * The move's endpoint. A chat's and a ticket's moves differ only in their path (same params and
 * answer), so one type serves both; chats have no cancel or reject (SUPPORT_MOVES_OF).
 */
function moveEndpoint(kind: SupportKind, move: SupportMove): typeof api.ticket.take {
  if (kind === 'ticket') return api.ticket[move] as typeof api.ticket.take;
  return api.support[move as 'take' | 'return' | 'resolve'] as unknown as typeof api.ticket.take;
}

const isFinal = (move: SupportMove): move is 'resolve' | 'cancel' | 'reject' =>
  move === 'resolve' || move === 'cancel' || move === 'reject';

function Moves({ kind, card }: { kind: SupportKind; card: TSupportThreadCard }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (move: SupportMove) => callEndpoint(moveEndpoint(kind, move), { params: { id: card.id } }),
    onSuccess: async (_, move) => {
      await invalidateAreas(queryClient, [threadApi(kind).info.tag]);
      getMessage().success(t(`support.moved.${move}`));
    },
  });
  const available = SUPPORT_MOVES_OF[kind].filter((move) =>
    (SUPPORT_MOVES[move].from as readonly string[]).includes(card.status),
  );
  return (
    <Space wrap>
      {available.map((move) => {
        const props = {
          type: move === 'resolve' ? ('primary' as const) : ('default' as const),
          danger: move === 'reject',
          loading: mutation.isPending && mutation.variables === move,
          disabled: mutation.isPending && mutation.variables !== move,
        };
        // Moves to the archive end the conversation for the customer: asked first.
        return isFinal(move) ? (
          <Popconfirm
            key={move}
            title={t(`support.confirm_move.${move}`)}
            okText={t(`support.move.${move}`)}
            cancelText={t('actions.back')}
            onConfirm={() => mutation.mutate(move)}
          >
            <Button {...props}>{t(`support.move.${move}`)}</Button>
          </Popconfirm>
        ) : (
          <Button key={move} {...props} onClick={() => mutation.mutate(move)}>
            {t(`support.move.${move}`)}
          </Button>
        );
      })}
    </Space>
  );
}

/** A conversation or ticket: its details, comments (live), the moves and, for tickets, priority and assignee. */
export function ThreadDrawer({ kind, id, onClose }: { kind: SupportKind; id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isMobile = useIsMobile();
  const a = threadApi(kind);
  const card = useEndpoint(a.info, id ? { params: { id } } : undefined, { enabled: id !== null });
  // The open conversation's own events only, so a short delay cannot flood the server.
  useLiveRefetch(topicOf(kind), [a.info.tag], (event) => event.id === id, CONVERSATION_REFETCH_MS);
  const organizations = useOrganizationOptions();
  const data = card.data;
  // Opening (or refreshing) a conversation reads it on the server: the menu's unread count follows.
  const queryClient = useQueryClient();
  const readAt = card.dataUpdatedAt;
  useEffect(() => {
    if (readAt > 0) void invalidateAreas(queryClient, ['notices']);
  }, [readAt, queryClient]);
  const isCurrent = data ? SUPPORT_CURRENT_STATUSES.includes(data.status) : false;
  const canEdit = data ? organizations.data?.items.find((org) => org.id === data.org_id)?.access_level === 2 : false;
  return (
    <Drawer
      title={data?.title ?? ''}
      open={id !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      destroyOnHidden
    >
      {card.isError && <LazyResult status="error" title={t('common.load_failed')} />}
      {data && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={STATUS_COLORS[data.status]}>{t(`support.status.${data.status}`)}</Tag>
            {kind === 'ticket' && (
              <Tag color={PRIORITY_COLORS[data.priority]}>{t(`support.priority.${data.priority}`)}</Tag>
            )}
            {data.created_by_name && (
              <span className="muted">{t('support.opened_by', { name: data.created_by_name })}</span>
            )}
          </Space>
          <p className="support-text">{data.text}</p>
          <Descriptions column={1} size="small" bordered>
            {data.customer_name && (
              <Descriptions.Item label={t('support.customer')}>{data.customer_name}</Descriptions.Item>
            )}
            {data.micromarket_name && (
              <Descriptions.Item label={t('support.micromarket')}>{data.micromarket_name}</Descriptions.Item>
            )}
            {data.transaction_id && (
              <Descriptions.Item label={t('support.transaction')}>
                <a href={`/device/transaction/${data.transaction_id}`}>
                  {t('support.sale', { id: data.transaction_id })}
                </a>
              </Descriptions.Item>
            )}
            {kind === 'ticket' && (
              <Descriptions.Item label={t('support.assignee')}>
                {canEdit && isCurrent ? (
                  <TicketField card={data} field="assignee" />
                ) : (
                  (data.assignee_name ?? t('support.nobody'))
                )}
              </Descriptions.Item>
            )}
            {kind === 'ticket' && canEdit && isCurrent && (
              <Descriptions.Item label={t('support.priority_label')}>
                <TicketField card={data} field="priority" />
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('support.time_in_state')}>
              {Object.entries(data.state_ms)
                .map(([status, ms]) => `${t(`support.status.${status}`)}: ${formatDuration(ms ?? 0, locale)}`)
                .join(' · ')}
            </Descriptions.Item>
          </Descriptions>
          {canEdit && <Moves kind={kind} card={data} />}
          <section aria-label={t('support.comments')}>
            <h3 className="support-heading">{t('support.comments')}</h3>
            {data.comments.length === 0 ? (
              <p className="muted">{t('support.no_comments')}</p>
            ) : (
              <ul className="support-comments">
                {data.comments.map((comment) => (
                  <Comment key={comment.id} comment={comment} />
                ))}
              </ul>
            )}
          </section>
          {canEdit && isCurrent && <Composer kind={kind} id={data.id} />}
          {!isCurrent && <Alert type="info" showIcon message={t('support.archived_note')} />}
        </Space>
      )}
    </Drawer>
  );
}

/** A ticket's assignee or priority, changed in place. */
function TicketField({ card, field }: { card: TSupportThreadCard; field: 'assignee' | 'priority' }) {
  const { t } = useTranslation();
  const people = useEndpoint(
    api.ticket.assignees,
    { query: { org_id: card.org_id } },
    { enabled: field === 'assignee' },
  );
  const update = useEndpointMutation(api.ticket.update);
  if (field === 'priority') {
    return (
      <Select<TicketPriority>
        aria-label={t('support.priority_label')}
        style={{ minWidth: 150 }}
        value={card.priority}
        loading={update.isPending}
        onChange={(priority) => update.mutate({ params: { id: card.id }, body: { priority } })}
        options={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: t(`support.priority.${priority}`) }))}
      />
    );
  }
  return (
    <Select<number | 'nobody'>
      aria-label={t('support.assignee')}
      style={{ minWidth: 200 }}
      value={card.assignee_id ?? 'nobody'}
      loading={people.isPending || update.isPending}
      onChange={(value) =>
        update.mutate({ params: { id: card.id }, body: { assignee_id: value === 'nobody' ? null : value } })
      }
      options={[
        { value: 'nobody' as const, label: t('support.nobody') },
        ...(people.data?.items ?? []).map((person) => ({ value: person.id, label: person.name })),
      ]}
    />
  );
}

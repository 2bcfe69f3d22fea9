import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The question asked before an action runs. */
export type RowConfirm = {
  title: ReactNode;
  /** The OK button's text; antd's own "OK" when not given. */
  okText?: ReactNode;
  /** A red OK button, for what cannot be undone. */
  isOkDanger?: boolean;
};

/** One button of a row's actions cell. */
export type RowAction = {
  key: string;
  /** The accessible name, naming the row ("Edit Milk"); without it the button's text is its name. */
  label?: string;
  icon?: ReactNode;
  /** The visible text; an icon-only button has none. */
  text?: ReactNode;
  type?: ButtonProps['type'];
  isDanger?: boolean;
  /** Asked first: `onClick` runs once it is confirmed. */
  confirm?: RowConfirm;
  onClick: () => void;
  /** Not offered on this row: no permission for it, or the row's state does not allow it. */
  isHidden?: boolean;
  /** Its call is running: a spinner in place of the icon. */
  isLoading?: boolean;
};

type Props = {
  /** Buttons before edit and delete, in this order. */
  actions?: RowAction[];
  /** The pencil; `label` names the row ("Edit Milk"). */
  edit?: { label: string; onClick: () => void; isHidden?: boolean };
  /** The bin, which asks `confirm` first; `label` names the row ("Delete Milk"). */
  remove?: { label: string; confirm: ReactNode; onConfirm: () => void; isHidden?: boolean };
  /** What follows the buttons, such as a menu of more actions. */
  children?: ReactNode;
  /** `text`: borderless buttons of the default size, for a table inside a card's section. */
  variant?: 'small' | 'text';
};

/**
 * The actions cell of a table row: its buttons side by side, a confirmation before those that
 * ask first, nothing for an action the row does not offer, and an empty cell when it offers none.
 */
export function RowActions({ actions = [], edit, remove, children, variant = 'small' }: Props) {
  const { t } = useTranslation();
  const all = [...actions];
  if (edit) all.push({ key: 'edit', icon: <EditOutlined />, ...edit });
  if (remove) {
    all.push({
      key: 'delete',
      label: remove.label,
      icon: <DeleteOutlined />,
      isDanger: true,
      confirm: { title: remove.confirm, okText: t('actions.delete'), isOkDanger: true },
      onClick: remove.onConfirm,
      isHidden: remove.isHidden,
    });
  }
  const buttons = all
    .filter((action) => !action.isHidden)
    .map((action) => <RowActionButton key={action.key} action={action} variant={variant} />);
  const count = buttons.length + (children ? 1 : 0);
  if (count === 0) return null;
  if (count === 1) return buttons[0] ?? children;
  return (
    <Space size={4} wrap>
      {buttons}
      {children}
    </Space>
  );
}

function RowActionButton({ action, variant }: { action: RowAction; variant: Props['variant'] }) {
  const { t } = useTranslation();
  const { confirm } = action;
  const button = (
    <Button
      size={variant === 'text' ? undefined : 'small'}
      type={variant === 'text' ? 'text' : action.type}
      danger={action.isDanger}
      icon={action.icon}
      loading={action.isLoading}
      aria-label={action.label}
      onClick={confirm ? undefined : action.onClick}
    >
      {action.text}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Popconfirm
      title={confirm.title}
      okText={confirm.okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: confirm.isOkDanger }}
      onConfirm={action.onClick}
    >
      {button}
    </Popconfirm>
  );
}

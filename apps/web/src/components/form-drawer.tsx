import { Button, Drawer, type DrawerProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from './use-is-mobile';

type Props = {
  title: string;
  isOpen: boolean;
  /** Editing says "Save", creating says "Create". */
  isEdit: boolean;
  isSaving: boolean;
  isSubmitDisabled?: boolean;
  /** Width on a desktop; on a phone the drawer takes the whole screen. */
  width: number;
  onClose: () => void;
  onSubmit: () => void;
  afterOpenChange?: DrawerProps['afterOpenChange'];
  children: ReactNode;
};

/** Create and edit open as a drawer over the list (CONVENTIONS 7), with Cancel and Save below. */
export function FormDrawer(props: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Drawer
      title={props.title}
      open={props.isOpen}
      onClose={props.onClose}
      size={isMobile ? '100%' : props.width}
      destroyOnHidden
      afterOpenChange={props.afterOpenChange}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={props.onSubmit} loading={props.isSaving} disabled={props.isSubmitDisabled}>
            {props.isEdit ? t('actions.save') : t('actions.create')}
          </Button>
        </div>
      }
    >
      {props.children}
    </Drawer>
  );
}

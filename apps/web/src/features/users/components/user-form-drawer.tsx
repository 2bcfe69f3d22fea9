import { api, type TUser } from '@vitrina/contract';
import { Form, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { CustomerBlock } from './customer-block';
import { UserFormFields, type UserFormValues } from './user-form-fields';

const NEW_USER: Partial<UserFormValues> = {
  phones: [],
  user_type: 2,
  push_limit_important: 10,
  push_limit_unimportant: 4,
  lang: 'en',
  invite: true,
  active: true,
};

const toValues = (user: TUser): UserFormValues => ({
  ...user,
  role_id: user.role_id ?? undefined,
  invite: false,
  password: undefined,
});

type Props = {
  userId: number | 'new' | null;
  /** The type a new user gets: the list's view. */
  userType: 1 | 2;
  onClose: () => void;
  onInvited: (link: string) => void;
};

export function UserFormDrawer({ userId, userType, onClose, onInvited }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const editId = typeof userId === 'number' ? userId : null;
  const [form] = Form.useForm<UserFormValues>();
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.user.create,
    update: api.user.update,
    id: editId,
    // The roles list counts users per role.
    alsoInvalidates: ['roles'],
    onSaved: (answer) => {
      onClose();
      if ('invitation_link' in answer && answer.invitation_link) onInvited(answer.invitation_link);
    },
  });
  const user = useEndpoint(api.user.info, { params: { id: editId ?? 0 } }, { enabled: isEdit, staleTime: 0 });
  const organizations = useOrganizationOptions();
  // With a single organisation in reach there is nothing to choose: fill it in.
  const onlyOrgId = organizations.data?.items.length === 1 ? organizations.data.items[0]?.id : undefined;

  useEffect(() => {
    if (userId === 'new') form.setFieldsValue({ ...NEW_USER, user_type: userType, lang: locale, org_id: onlyOrgId });
    if (user.data && isEdit) form.setFieldsValue(toValues(user.data));
  }, [userId, userType, user.data, isEdit, form, locale, onlyOrgId]);

  const submit = (values: UserFormValues) => {
    // A customer never signs in to the panel: no role, no password, no invitation.
    const isCustomer = values.user_type === 1;
    const common = {
      ...values,
      phones: values.phones ?? [],
      role_id: isCustomer ? null : (values.role_id ?? null),
      invite: undefined,
    };
    if (isEdit) save({ ...common, password: (!isCustomer && values.password) || undefined });
    else {
      const password = isCustomer || values.invite ? undefined : (values.password ?? '');
      save({ ...common, active: undefined, password });
    }
  };
  return (
    <FormDrawer
      title={isEdit ? t('users.edit_title') : userType === 1 ? t('users.new_customer') : t('users.new_title')}
      isOpen={userId !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={560}
      onClose={onClose}
      onSubmit={form.submit}
      afterOpenChange={(isOpen) => !isOpen && form.resetFields()}
    >
      {isEdit && user.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <ContractForm form={form} onFinish={submit} initialValues={NEW_USER} preserve={false}>
          <UserFormFields isEdit={isEdit} />
        </ContractForm>
      )}
      {/* A customer's card also says whether they may open the organisation's micromarkets. */}
      {isEdit && user.data?.user_type === 1 && <CustomerBlock user={user.data} />}
    </FormDrawer>
  );
}

import { Form, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { clearErrorsOnChange } from '../lib/form-errors';

type Props<Values> = Omit<FormProps<Values>, 'form' | 'children'> & { form: FormInstance<Values>; children: ReactNode };

/**
 * The panel's form: labels above fields, no asterisk noise, and a field's error clears as
 * soon as it is edited (errors come from the contract schema or the server's `fields`).
 */
export function ContractForm<Values>({ form, children, ...props }: Props<Values>) {
  return (
    <Form form={form} layout="vertical" requiredMark={false} onValuesChange={clearErrorsOnChange(form)} {...props}>
      {children}
    </Form>
  );
}

import type { TPermissionGroups } from '@vitrina/contract';
import { Card, Checkbox, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  groups: TPermissionGroups['groups'];
  value?: string[];
  onChange?: (value: string[]) => void;
  isDisabled?: boolean;
};

/** Permissions grouped by area, each group with a "select all" that also shows a partial state. */
export function PermissionPicker({ groups, value = [], onChange, isDisabled = false }: Props) {
  const { t } = useTranslation();
  const selected = new Set(value);

  const setGroup = (names: string[], isOn: boolean) => {
    const next = new Set(selected);
    for (const name of names) {
      if (isOn) next.add(name);
      else next.delete(name);
    }
    onChange?.([...next]);
  };

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {groups.map((group) => {
        const names = group.permissions.map((permission) => permission.name);
        const count = names.filter((name) => selected.has(name)).length;
        return (
          <Card
            key={group.area}
            size="small"
            title={
              <Checkbox
                checked={count === names.length && count > 0}
                indeterminate={count > 0 && count < names.length}
                disabled={isDisabled}
                onChange={(event) => setGroup(names, event.target.checked)}
                aria-label={t('roles.select_all_in', { group: group.title })}
              >
                {group.title}
              </Checkbox>
            }
            extra={<span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{`${count} / ${names.length}`}</span>}
          >
            <Row gutter={[8, 8]}>
              {group.permissions.map((permission) => (
                <Col xs={24} sm={12} key={permission.name}>
                  <Checkbox
                    checked={selected.has(permission.name)}
                    disabled={isDisabled}
                    onChange={(event) => setGroup([permission.name], event.target.checked)}
                  >
                    {permission.title}
                  </Checkbox>
                </Col>
              ))}
            </Row>
          </Card>
        );
      })}
    </div>
  );
}

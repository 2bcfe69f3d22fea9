import { api } from '@vitrina/contract';
import { Alert, Button, List, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '../../../lib/endpoint-query';

/** What the restock plan asked the programmer to write, oldest first: choosing one picks its product. */
export function ProgrammingTasks({ onPick }: { onPick: (productId: number) => void }) {
  const { t } = useTranslation();
  const tasks = useEndpoint(api.tag.programmingTasks, {});
  const items = tasks.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      message={t('tags.programmer.tasks_title')}
      description={
        <List
          size="small"
          dataSource={items}
          renderItem={(task) => (
            <List.Item
              actions={[
                <Button key="pick" size="small" type="link" onClick={() => onPick(task.product_id)}>
                  {t('tags.programmer.task_pick')}
                </Button>,
              ]}
            >
              <div style={{ display: 'grid', gap: 2, width: '100%' }}>
                <span>{task.product_name}</span>
                <Progress
                  percent={Math.round((task.programmed / task.quantity) * 100)}
                  format={() => `${task.programmed} / ${task.quantity}`}
                  size="small"
                />
              </div>
            </List.Item>
          )}
        />
      }
    />
  );
}

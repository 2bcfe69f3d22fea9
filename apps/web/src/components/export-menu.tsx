import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint, ExportFormat } from '@vitrina/contract';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadEndpoint } from '../lib/download';
import { endpointInput } from '../lib/endpoint-query';
import { useCan } from '../lib/permissions';

type Props = {
  /** A list's export endpoint (`format: 'file'`), whose query is the list's own without the page. */
  endpoint: Endpoint & { method: 'GET' };
  /** The list's query as the screen holds it: filters and sort; the page (or cursor) is left out here. */
  query: object;
  /** The file's name when the answer does not give one, without the extension. */
  name: string;
};

/**
 * Every list's download: the rows the screen's filters and sort select (all pages), as CSV
 * or XLSX, through the list's export endpoint, which applies the same permissions and
 * organisations as the list itself. Shown only to a user holding one of its permissions.
 */
export function ExportMenu({ endpoint, query, name }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const [isBusy, setBusy] = useState(false);
  if (endpoint.permissions && !endpoint.permissions.some(can)) return null;
  const download = async (format: ExportFormat) => {
    const { page: _page, per_page: _perPage, cursor: _cursor, ...filters } = query as Record<string, unknown>;
    setBusy(true);
    try {
      await downloadEndpoint(endpoint, endpointInput({ query: { ...filters, format } }), `${name}.${format}`);
    } catch {
      // The API client has already told the user what went wrong.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'csv', label: 'CSV' },
          { key: 'xlsx', label: 'Excel (XLSX)' },
        ],
        onClick: ({ key }) => void download(key === 'xlsx' ? 'xlsx' : 'csv'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={isBusy}>
        {t('actions.export')}
      </Button>
    </Dropdown>
  );
}

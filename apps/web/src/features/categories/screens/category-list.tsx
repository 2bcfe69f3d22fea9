import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { api, type TCategory } from '@vitrina/contract';
import { Button, Card, Empty, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ExportMenu } from '../../../components/export-menu';
import { OrganizationFilter } from '../../../components/list-filters';
import { LoadError } from '../../../components/load-error';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { useIsMobile } from '../../../components/use-is-mobile';
import { invalidateAreas, useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { readNumber, useUrlQuery } from '../../../lib/url-query';
import { buildCategoryColumns } from '../components/category-columns';
import { type CategoryEditing, CategoryNameModal } from '../components/category-name-modal';
import { CategoryPath } from '../components/category-path';
import { moveId } from '../components/category-paths';

const TITLES = { 1: 'menu.category_list', 2: 'menu.category_second', 3: 'menu.category_third' } as const;
const parseQuery = (params: URLSearchParams) => ({ org_id: readNumber(params, 'org_id') });
const FILTERS = ['org_id'] as const;

/** One screen for the three levels: `/category/list`, `…/second/{id}` and `…/third/{id}`. */
export default function CategoryListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const isMobile = useIsMobile();
  const params = useParams();
  const parentId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const { query, update } = useUrlQuery({ parse: parseQuery, filters: FILTERS });
  const isTopLevel = parentId === undefined;
  const parent = useEndpoint(api.category.info, { params: { id: parentId ?? 0 } }, { enabled: !isTopLevel });
  const organizations = useOrganizationOptions();
  const listQuery = { parent_id: parentId, org_id: isTopLevel ? query.org_id : undefined };
  const categories = useEndpoint(api.category.list, { query: listQuery }, { placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const reorder = useEndpointMutation(api.category.reorder);
  const remove = useEndpointMutation(api.category.delete);
  const [editing, setEditing] = useState<CategoryEditing | null>(null);
  const canEdit = can('edit_categories');
  const level = isTopLevel ? 1 : Math.min((parent.data?.level ?? 1) + 1, 3);
  const items = categories.data?.items ?? [];

  const columns = useMemo(() => {
    // At the top level several organisations may be listed; each orders only its own.
    const siblingsOf = (category: TCategory) => items.filter((item) => item.org_id === category.org_id);
    return buildCategoryColumns({
      t,
      canEdit,
      isCompact: isMobile,
      isLastLevel: level === 3,
      isFirst: (category) => siblingsOf(category)[0]?.id === category.id,
      isLast: (category) => siblingsOf(category).at(-1)?.id === category.id,
      onMove: (category, step) => {
        const ids = moveId(
          siblingsOf(category).map((item) => item.id),
          category.id,
          step,
        );
        if (!ids) return;
        reorder.mutate(
          { body: { parent_id: parentId ?? null, org_id: category.org_id, ids } },
          // A refused order (someone else moved a sibling) reloads the level as the server has it.
          { onError: () => invalidateAreas(queryClient, [api.category.reorder.tag]) },
        );
      },
      onRename: (category) => setEditing({ kind: 'rename', category }),
      onDelete: (category) =>
        remove.mutate({ params: { id: category.id } }, { onSuccess: () => getMessage().success(t('common.deleted')) }),
    });
  }, [t, canEdit, isMobile, level, items, parentId, queryClient, reorder.mutate, remove.mutate]);

  const hasOrgFilter = isTopLevel && (organizations.data?.items.length ?? 0) > 1;
  const title = isTopLevel ? t(TITLES[1]) : (parent.data?.name ?? t(TITLES[level as 2 | 3]));

  const shownColumns = useOrganizationColumn(columns, items);

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <>
            <ExportMenu endpoint={api.category.export} query={listQuery} name="categories" />
            {canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ kind: 'new', parentId: parentId ?? null, orgId: query.org_id })}
              >
                {t('categories.new_category')}
              </Button>
            )}
          </>
        }
      />
      {!isTopLevel && <CategoryPath category={parent.data} />}
      <Card variant="borderless" className="panel-card">
        {hasOrgFilter && (
          <div className="list-filters">
            <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
          </div>
        )}
        {categories.isError || parent.isError ? (
          <LoadError onRetry={() => Promise.all([categories.refetch(), parentId && parent.refetch()])} />
        ) : (
          <Table<TCategory>
            rowKey="id"
            columns={shownColumns}
            dataSource={items}
            loading={categories.isFetching || reorder.isPending}
            className="data-table"
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{
              emptyText: categories.isPending ? ' ' : <Empty description={t('categories.empty')} />,
            }}
          />
        )}
      </Card>
      <CategoryNameModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

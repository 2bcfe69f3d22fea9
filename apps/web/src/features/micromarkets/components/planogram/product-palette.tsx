import { Input, Tag } from 'antd';
import { type DragEvent, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumb } from '../../../../components/thumb';
import { useProductOptions } from '../../../../lib/queries/product-options';

/** What a dragged product carries: its id under our own type, so other drops are ignored. */
export const PRODUCT_DRAG_TYPE = 'application/x-vitrina-product';

/** The product id a drop carries, or null when it carries none. */
export function droppedProduct(event: DragEvent): number | null {
  const id = Number(event.dataTransfer.getData(PRODUCT_DRAG_TYPE));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Lets a drop zone accept a dragged product (and only that). */
export function acceptsProduct(event: DragEvent): boolean {
  if (!event.dataTransfer.types.includes(PRODUCT_DRAG_TYPE)) return false;
  event.preventDefault();
  event.dataTransfer.dropEffect = 'copy';
  return true;
}

/**
 * The organisation's active products to drag onto the shelves: a section takes the product
 * dropped on it, a shelf's "add a section" a new section of it. Each section's picker stays
 * for a keyboard or a finger, where dragging does not work.
 */
type PaletteProduct = { id: number; name: string; thumb_url: string | null };

export function ProductPalette({ orgId, pinned }: { orgId: number; pinned?: PaletteProduct | undefined }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const products = useProductOptions({ q: q || undefined, status: 'active', org_id: orgId });
  const found: PaletteProduct[] = products.data?.items ?? [];
  const items = pinned ? [pinned, ...found.filter((product) => product.id !== pinned.id)] : found;
  return (
    <section className="planogram-palette" aria-label={t('planogram.palette')}>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('planogram.palette_search')}
        aria-label={t('planogram.palette_search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="planogram-palette-items">
        {items.length === 0 && <span className="muted">{t('planogram.palette_empty')}</span>}
        {items.map((product) => (
          <Tag
            key={product.id}
            className="planogram-palette-item"
            color={product.id === pinned?.id ? 'blue' : undefined}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(PRODUCT_DRAG_TYPE, String(product.id));
              event.dataTransfer.effectAllowed = 'copy';
            }}
          >
            <Thumb url={product.thumb_url} alt="" size={20} />
            {product.name}
          </Tag>
        ))}
      </div>
      <div className="muted">{t('planogram.palette_hint')}</div>
    </section>
  );
}

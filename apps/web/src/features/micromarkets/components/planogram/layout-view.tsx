import type { TPlanogramLayoutView } from '@vitrina/contract';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Thumb } from '../../../../components/thumb';

/** The layout drawn as the fridge stands: shelves from the top, each section a tile with its product's picture, name and capacity. */
export function LayoutView({ layout }: { layout: TPlanogramLayoutView }) {
  const { t } = useTranslation();
  if (layout.shelves.length === 0) return <Empty description={t('planogram.no_shelves')} />;
  return (
    <ol className="planogram" aria-label={t('planogram.layout')}>
      {layout.shelves.map((shelf) => (
        <li key={shelf.number} className="planogram-shelf" aria-label={t('planogram.shelf_n', { n: shelf.number })}>
          <div className="planogram-shelf-number">{shelf.number}</div>
          <div className="planogram-sections">
            {shelf.sections.length === 0 && <span className="muted">{t('planogram.empty_shelf')}</span>}
            {shelf.sections.map((section, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a section is its position on the shelf.
                key={index}
                className={section.product_id === null ? 'planogram-section is-empty' : 'planogram-section has-thumb'}
              >
                {section.product_id !== null && <Thumb url={section.thumb_url} alt={section.product_name ?? ''} />}
                <div className="planogram-section-text">
                  <div className="planogram-product">{section.product_name ?? t('planogram.empty_section')}</div>
                  <div className="muted">× {section.capacity}</div>
                </div>
              </div>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}

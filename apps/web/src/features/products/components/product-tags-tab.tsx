import { TAG_STATUSES, type TProductInfo } from '@vitrina/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TAG_STATUS_COLORS } from '../../../components/catalogue-tags';

/** The product's tags by status; each count opens the tags screen filtered to it. */
export function ProductTagsTab({ product }: { product: TProductInfo }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      {TAG_STATUSES.map((status) => (
        <Col xs={12} sm={8} lg={4} key={status}>
          <Link to={`/product/tags?product_id=${product.id}&status=${status}`}>
            <Card size="small" hoverable style={{ borderTop: `3px solid ${TAG_STATUS_COLORS[status]}` }}>
              <Statistic title={t(`catalogue.tag_status.${status}`)} value={product.tag_counts[status] ?? 0} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

import { Card, Col, Empty, Row } from 'antd';
import type { Figure } from '../../../runtime/dashboard/figures';
import FigureStat from './FigureStat';

/** A titled card of figures in a responsive grid; `empty` when the user may read none of them. */
export default function FigureGrid({ title, figures, empty, span = 6 }: { title: string; figures: readonly Figure[]; empty: string; span?: number }) {
  return (
    <Card title={title} variant="borderless" style={{ height: '100%' }}>
      {figures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <Row gutter={[12, 12]}>
          {figures.map((f) => (
            <Col key={f.key} xs={12} md={span}>
              <FigureStat figure={f} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

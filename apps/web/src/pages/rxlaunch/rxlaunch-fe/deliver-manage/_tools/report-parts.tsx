import { Card, Col, Row, Statistic } from 'antd';
import { INTL_LOCALES } from '@/shared/format.ts';
import { currentLanguage } from '@/shared/i18n.ts';

/** A ratio (0–1) as a percentage in the console's language; '—' without a base. */
export const percent = (ratio: number | null) =>
  ratio === null
    ? '—'
    : new Intl.NumberFormat(INTL_LOCALES[currentLanguage()], {
        style: 'percent',
        maximumFractionDigits: 2,
      }).format(ratio);

/** A report's totals as a row of cards (label, formatted value), above its chart and table. */
export function FigureCards({ figures }: { figures: readonly (readonly [label: string, value: string])[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
      {figures.map(([label, value]) => (
        <Col key={label} xs={12} sm={8} xl={Math.max(3, Math.floor(24 / figures.length))}>
          <Card size="small">
            <Statistic title={label} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

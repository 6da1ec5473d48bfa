import { useMemo } from 'react';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sharePlatformOf, type ShareConstraints } from '@rx/contracts/dimensions';
import { usePatternPage } from '@/app/routes/handle.ts';

/** The platform of the share page on screen, from its catalogue path (the registry's entry). */
export function usePlatformPage() {
  const { value, kind } = usePatternPage();
  // The same object while the route's platform and kind stay: lists keep their query's identity.
  return useMemo(() => {
    const platform = sharePlatformOf(value);
    if (!platform) throw new Error(`unknown share platform ${value}`);
    return {
      kind,
      code: platform.code,
      titleKey: platform.titleKey,
      region: platform.region,
      constraints: platform.constraints,
      query: { platform: platform.code },
    };
  }, [value, kind]);
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A ratio as people read it (5:4 → "1.25:1"; a range "0.45:1 – 2.2:1"). */
export function ratioText(ratio: readonly [number, number]): string {
  return ratio[0] === ratio[1] ? `${round(ratio[0])}:1` : `${round(ratio[0])}:1 – ${round(ratio[1])}:1`;
}

/** The platform's constraints, from the registry: what its images, titles and shares must be. */
export function ConstraintsNote({ constraints }: { constraints: ShareConstraints }) {
  const { t } = useTranslation('share');
  const { image } = constraints;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBlockEnd: 16 }}
      title={t('constraints.title')}
      description={
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'ratio', label: t('constraints.ratio'), children: ratioText(image.ratio) },
            {
              key: 'min',
              label: t('constraints.minSize'),
              children: `${image.minWidth}×${image.minHeight}`,
            },
            { key: 'title', label: t('constraints.titleMax'), children: constraints.titleMax },
            { key: 'desc', label: t('constraints.descriptionMax'), children: constraints.descriptionMax },
            {
              key: 'shares',
              label: t('constraints.shares'),
              children: constraints.shares.map((s) => t(`contentTypes.${s}`)).join(' / '),
            },
            { key: 'images', label: t('constraints.maxImages'), children: constraints.maxImages },
          ]}
        />
      }
    />
  );
}

/** A row's link to its detail page under the platform's `kind` (links, strategies), named "open". */
export function DetailLink({ kind, id, testId }: { kind: string; id: number; testId: string }) {
  const { t } = useTranslation('share');
  const { code } = usePlatformPage();
  return (
    <Link to={`/share/app-share-manage/${code}/${kind}/${id}`} data-testid={testId}>
      {t('detail.open')}
    </Link>
  );
}

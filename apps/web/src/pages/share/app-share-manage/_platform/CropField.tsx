import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Button, Form, Segmented, Slider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fittedCrop,
  shareCropOutput,
  shareCropRatio,
  shareImageProblem,
  type CropBox,
} from '@rx/contracts/dimensions';
import type { ShareImageCropped } from '@rx/contracts/share';
import { ApiError, http } from '@/shared/http.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ratioText, usePlatformPage } from './platform.tsx';

/** The preview's widest side on screen, in CSS pixels. */
const PREVIEW = 360;

type FieldErrors = { fields?: Record<string, string> };
type Preset = 'start' | 'centre' | 'end';
const AT: Record<Preset, number> = { start: 0, centre: 0.5, end: 1 };

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The crop box of a share image whose ratio does not fit the platform: over a preview of the
 * upload, a box of the platform's ratio that staff drag (or move with the arrow keys, resize with
 * + and −, or place with the presets); "Crop" asks the server for the platform's size of that box
 * and puts the made image in the form's `image_url`. An image too small for the platform says so.
 * The images' page crops through `/share-images/crop`, the cards' page through `/share-cards/crop`
 * (the same crop, under the cards' permission).
 */
export function CropField({ resource = 'share-images' }: { resource?: 'share-images' | 'share-cards' }) {
  const { t } = useTranslation('share');
  const toast = useMessage();
  const form = Form.useFormInstance();
  const url = Form.useWatch<string | undefined>('image_url', form);
  const platform = usePlatformPage();
  const { constraints } = platform;
  const [sides, setSides] = useState<{ url: string; width: number; height: number }>();
  const [chosen, setChosen] = useState<{ url: string; box: CropBox }>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ url: string; message: string }>();
  const drag = useRef<{ x: number; y: number; box: CropBox } | null>(null);

  const loaded = sides?.url === url ? sides : undefined;
  const ratio = loaded ? shareCropRatio(constraints, loaded.width, loaded.height) : 1;
  const largest = loaded ? fittedCrop(loaded.width, loaded.height, ratio) : undefined;
  const fits = loaded ? shareImageProblem(constraints, loaded.width, loaded.height) === undefined : true;
  const tooSmall = largest
    ? shareImageProblem(constraints, largest.width, largest.height) === 'small'
    : false;
  // The smallest box the platform takes, of this ratio.
  const minWidth = Math.ceil(Math.max(constraints.image.minWidth, constraints.image.minHeight * ratio));

  // A new image starts from its largest centred box; what staff chose holds for their image only.
  const box = chosen && chosen.url === url ? chosen.box : largest && !tooSmall ? largest : undefined;
  const error = failed && failed.url === url ? failed.message : undefined;

  if (!url) return null;
  const image = (
    <img
      src={url}
      alt=""
      style={{ display: 'block', maxWidth: PREVIEW, maxHeight: PREVIEW, width: 'auto', height: 'auto' }}
      onLoad={(e) =>
        setSides({ url, width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
      }
    />
  );
  if (!loaded || fits) return <div hidden>{image}</div>;
  const need = { width: constraints.image.minWidth, height: constraints.image.minHeight };
  if (tooSmall || !box || !largest) {
    return (
      <>
        <div hidden>{image}</div>
        <Alert
          type="error"
          showIcon
          style={{ marginBlockEnd: 16 }}
          title={t('images.crop.tooSmall', { ratio: ratioText(constraints.image.ratio), ...need })}
        />
      </>
    );
  }

  const scale = Math.min(1, PREVIEW / Math.max(loaded.width, loaded.height));
  const wide = loaded.width / loaded.height > ratio;
  const place = (next: Pick<CropBox, 'left' | 'top'> & { width?: number }) => {
    const width = clamp(Math.round(next.width ?? box.width), minWidth, largest.width);
    const height = width === largest.width ? largest.height : Math.round(width / ratio);
    setFailed(undefined);
    setChosen({
      url,
      box: {
        width,
        height,
        left: clamp(Math.round(next.left), 0, loaded.width - width),
        top: clamp(Math.round(next.top), 0, loaded.height - height),
      },
    });
  };
  const resize = (width: number) =>
    // Keeps the box's centre where it was.
    place({
      left: box.left + (box.width - width) / 2,
      top: box.top + (box.height - width / ratio) / 2,
      width,
    });
  const onKeyDown = (e: KeyboardEvent) => {
    const step = Math.max(1, Math.round((e.shiftKey ? 0.1 : 0.01) * Math.max(loaded.width, loaded.height)));
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      place({ left: box.left + move[0], top: box.top + move[1] });
    } else if (e.key === '+' || e.key === '=' || e.key === '-') {
      e.preventDefault();
      resize(box.width + (e.key === '-' ? -step : step));
    }
  };
  const onPointerDown = (e: PointerEvent) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, box };
  };
  const onPointerMove = (e: PointerEvent) => {
    const start = drag.current;
    if (!start) return;
    // The preview may be drawn right to left; the image is not, so screen x is image x.
    place({
      left: start.box.left + (e.clientX - start.x) / scale,
      top: start.box.top + (e.clientY - start.y) / scale,
    });
  };
  const output = shareCropOutput(constraints, box);
  const crop = async () => {
    setBusy(true);
    setFailed(undefined);
    try {
      const made = await http.post<ShareImageCropped>(
        `/${resource}/crop`,
        { image_url: url, ...box },
        { query: platform.query, silent: true },
      );
      form.setFieldValue('image_url', made.url);
      toast.success(t('images.crop.done', { width: made.width, height: made.height }));
    } catch (failure) {
      // The field's own message (the box, the image) says more than the envelope's.
      const fields = failure instanceof ApiError ? (failure.data as FieldErrors | null)?.fields : undefined;
      const message = fields
        ? Object.values(fields).join(' ')
        : failure instanceof Error
          ? failure.message
          : String(failure);
      setFailed({ url, message });
    } finally {
      setBusy(false);
    }
  };
  const presets: { value: Preset; label: string }[] = [
    { value: 'start', label: t(wide ? 'images.crop.left' : 'images.crop.top') },
    { value: 'centre', label: t('images.crop.centre') },
    { value: 'end', label: t(wide ? 'images.crop.right' : 'images.crop.bottom') },
  ];

  return (
    <section aria-labelledby="share-crop-title" style={{ marginBlockEnd: 24 }} data-testid="share-crop">
      <Typography.Title level={5} id="share-crop-title">
        {t('images.crop.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" id="share-crop-help">
        {t('images.crop.help', {
          width: loaded.width,
          height: loaded.height,
          ratio: ratioText(constraints.image.ratio),
        })}
      </Typography.Paragraph>
      {/* The image keeps its own left-to-right pixels in a right-to-left page. */}
      <div dir="ltr" style={{ position: 'relative', display: 'inline-block', touchAction: 'none' }}>
        {image}
        <div
          role="group"
          tabIndex={0}
          aria-label={t('images.crop.box', { ...box })}
          aria-describedby="share-crop-keys"
          data-testid="share-crop-box"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          style={{
            position: 'absolute',
            left: box.left * scale,
            top: box.top * scale,
            width: box.width * scale,
            height: box.height * scale,
            cursor: 'move',
            outline: '2px solid var(--ant-color-primary)',
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)',
          }}
        />
      </div>
      <Typography.Paragraph type="secondary" id="share-crop-keys" style={{ marginBlockStart: 8 }}>
        {t('images.crop.keys')}
      </Typography.Paragraph>
      <Space wrap align="center" style={{ marginBlockEnd: 8 }}>
        <Segmented<Preset>
          options={presets}
          aria-label={t('images.crop.position')}
          onChange={(value) =>
            place({
              left: wide ? (loaded.width - box.width) * AT[value] : box.left,
              top: wide ? box.top : (loaded.height - box.height) * AT[value],
            })
          }
        />
      </Space>
      <div style={{ maxWidth: PREVIEW }}>
        <Typography.Text id="share-crop-size">{t('images.crop.size')}</Typography.Text>
        <Slider
          min={minWidth}
          max={largest.width}
          value={box.width}
          onChange={resize}
          tooltip={{ formatter: (w) => `${w}×${Math.round((w ?? 0) / ratio)}` }}
          ariaLabelledByForHandle="share-crop-size"
          ariaValueTextFormatterForHandle={(w) => `${w}×${Math.round((w ?? 0) / ratio)}`}
        />
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBlockEnd: 8 }} />}
      <Button type="primary" loading={busy} onClick={() => void crop()} data-testid="share-crop-submit">
        {t('images.crop.submit', output)}
      </Button>
    </section>
  );
}

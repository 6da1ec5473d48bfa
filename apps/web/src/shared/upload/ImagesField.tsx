import { Button, Flex } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { UploadField } from './UploadField.tsx';

interface Props {
  /** The images' addresses (uploaded `/files/<id>` or https). */
  value?: string[];
  onChange?: (urls: string[]) => void;
  /** The most images the list takes. */
  max: number;
  id?: string;
  /** The accessible name of each image's address field ("Evidence 2"). */
  label: (index: number) => string;
  testId?: string;
}

/** A form field of several images (evidence, attachments): one upload per image, added and removed. */
export function ImagesField({ value = [], onChange, max, id, label, testId }: Props) {
  const { t } = useTranslation('files');
  const set = (index: number, url: string) => onChange?.(value.map((v, i) => (i === index ? url : v)));
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {value.map((url, index) => (
        <Flex key={index} gap={8} align="start">
          <div style={{ flex: 1, minWidth: 0 }}>
            <UploadField
              id={index === 0 ? id : undefined}
              use="image"
              value={url}
              onChange={(next) => set(index, next)}
              testId={testId ? `${testId}-${index}` : undefined}
              aria-label={label(index)}
            />
          </div>
          <Button
            type="text"
            icon={<MinusCircleOutlined />}
            aria-label={t('removeImage', { n: index + 1 })}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Flex>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={value.length >= max}
        onClick={() => onChange?.([...value, ''])}
        id={value.length === 0 ? id : undefined}
      >
        {t('addImage')}
      </Button>
    </Flex>
  );
}

import type { ReactNode } from 'react';
import { Button, Flex, Form, type FormListFieldData } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';

interface RowsFieldProps {
  name: string;
  /** The most rows the list may hold: the add button stops there. */
  max: number;
  /** A row's fields; `index` numbers their accessible names ("Amount 2"). */
  row: (field: FormListFieldData, index: number) => ReactNode;
  removeLabel: (index: number) => string;
  addLabel: ReactNode;
  /** The values a new row starts with. */
  newRow?: Record<string, unknown>;
  /** Rows wrap on a narrow form. */
  wrap?: boolean;
  testId?: string;
  /** The last row may be removed too (the list may be empty). */
  mayEmpty?: boolean;
}

/**
 * A form list of rows (prices, contents): each row with its remove button (the last row stays),
 * an add button, and the errors of a rule on the whole list (e.g. each currency once) below.
 */
export function RowsField({
  name,
  max,
  row,
  removeLabel,
  addLabel,
  newRow,
  wrap,
  testId,
  mayEmpty,
}: RowsFieldProps) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8} data-testid={testId}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="start" wrap={wrap}>
              {row(field, index)}
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={removeLabel(index)}
                disabled={!mayEmpty && fields.length <= 1}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= max}
            onClick={() => add(newRow)}
          >
            {addLabel}
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

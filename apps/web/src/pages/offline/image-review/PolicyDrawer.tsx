import { Button, Drawer, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { imageReviewsResource, type ImagePolicy } from '@rx/contracts/image-reviews';
import { resourceKey, SwitchField } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { useFormSave } from '@/shared/forms/use-form-save.ts';
import { http } from '@/shared/http.ts';

const RESOURCE = imageReviewsResource.name;
type Policy = ImagePolicy & { version: number };

/** The game's policy: the scores that approve and reject at once, and whether pending images show. */
export function PolicyDrawer({
  open,
  canEdit,
  onClose,
}: {
  open: boolean;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('imageReviews');
  const policy = useQuery({
    queryKey: resourceKey(RESOURCE, 'policy', {}),
    queryFn: ({ signal }) => http.get<Policy>(`/${RESOURCE}/policy`, undefined, { signal }),
    enabled: open,
  });
  return (
    <Drawer open={open} onClose={onClose} title={t('policy')} size={480} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('policyIntro')}</Typography.Paragraph>
      {policy.data ? <PolicyForm policy={policy.data} canEdit={canEdit} /> : <Skeleton active />}
    </Drawer>
  );
}

function PolicyForm({ policy, canEdit }: { policy: Policy; canEdit: boolean }) {
  const { t } = useTranslation('imageReviews');
  const [form] = Form.useForm<ImagePolicy>();
  const message = useMessage();
  const client = useQueryClient();
  const { saving, run: save } = useFormSave(form, async (values) => {
    await http.put(`/${RESOURCE}/policy`, { ...values, version: policy.version });
    void message.success(t('policySaved'));
    void client.invalidateQueries({ queryKey: [RESOURCE] });
  });
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={policy}
      disabled={!canEdit}
      onFinish={(v) => void save(v)}
    >
      <Form.Item name="approve_below" htmlFor="policy-approve" label={t('approveBelow')}>
        <InputNumber id="policy-approve" min={0} max={100} precision={0} />
      </Form.Item>
      <Form.Item name="reject_at" htmlFor="policy-reject" label={t('rejectAt')}>
        <InputNumber id="policy-reject" min={1} max={101} precision={0} />
      </Form.Item>
      <SwitchField name="show_pending" id="policy-show" label={t('showPending')} />
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('savePolicy')}
        </Button>
      )}
    </Form>
  );
}

import { Alert } from 'antd';

/** A dialog's refusal from the server (`problem` of useModalSend), above its form; nothing without one. */
export function ModalProblem({ problem, testId }: { problem: string | null; testId?: string }) {
  if (!problem) return null;
  return <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} data-testid={testId} />;
}

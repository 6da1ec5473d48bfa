import { stamps } from '../rows.ts';

/** A row's status, version and times as its item carries them (they end every share item). */
export const statusStamps = <S extends string>(row: {
  status: S;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}) => ({ status: row.status, ...stamps(row) });

/** A share row is disabled, never deleted while in use: its status says so. */
export const disableByStatus = {
  isDisabled: (row: { status: string }) => row.status === 'disabled',
  set: { status: 'disabled' as const },
};

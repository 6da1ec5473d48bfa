import { ERRORS, type ErrorCodeValue } from '@rx/contracts';

type FailureCode = Exclude<ErrorCodeValue, 0>;

/** A business failure: answered as the envelope with its code, HTTP status and translated message. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: FailureCode,
    readonly data: unknown = null,
    /** Replaces the catalogue's message (already translated by the caller). */
    readonly detail?: string,
  ) {
    super(`api error ${code}`);
    this.status = ERRORS[code].status;
  }
}

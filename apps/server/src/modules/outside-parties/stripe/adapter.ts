/**
 * The web recharge site's payment provider: creates a payment for an order (a reference and the
 * address the player pays at) and refunds one. Its notices reach `/api/pay/v1/notify/…`, signed.
 */
export interface PaymentProvider {
  /** What orders record as their provider (`stripe`; `fakepay` for the fake). */
  readonly name: string;
  createPayment(request: PaymentRequest): Promise<PaymentCreated>;
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
}

export interface PaymentRequest {
  orderNo: string;
  /** In the currency's minor unit (cents; yen for JPY). */
  amount: number;
  currency: string;
  country: string;
  method: string;
  /** What the player buys, as the payment page shows it. */
  description: string;
}

export interface PaymentCreated {
  paymentRef: string;
  payUrl: string;
}

export interface RefundRequest {
  paymentRef: string;
  orderNo: string;
  amount: number;
  currency: string;
  reason: string;
}

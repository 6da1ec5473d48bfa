/** A voided purchase as Google Play's Voided Purchases API lists it. */
export interface VoidedPurchase {
  orderId: string;
  purchaseToken: string;
  purchaseTimeMillis: string;
  voidedTimeMillis: string;
  /** 0 user, 1 developer, 2 google. */
  voidedSource: number;
  /** 0 other, 1 remorse, 2 not_received, 3 defective, 4 accidental_purchase, 5 fraud, 6 friendly_fraud, 7 chargeback. */
  voidedReason: number;
  voidedQuantity?: number;
}

/** One page of voided purchases, and where to go on from. */
export interface VoidedPage {
  voidedPurchases: VoidedPurchase[];
  /** An opaque position: the next page when `more`, else where the next poll starts. */
  cursor: string;
  more: boolean;
}

/** A store's refunds, read in pages from a cursor (null: from the start of the store's window). */
export interface StoreAdapter {
  readonly store: string;
  voidedPurchases(cursor: string | null): Promise<VoidedPage>;
}

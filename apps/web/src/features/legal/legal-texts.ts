/** When the Terms of Service and the Privacy Policy last changed; shown at the top of both. */
export const LEGAL_LAST_UPDATED = new Date(Date.UTC(2026, 11, 2));

/** "card or PayPal", from the payment methods checkout offers. */
export function paymentMethodsText(methods: readonly string[]): string {
  return new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(
    methods.map((method) => (method === 'Card' ? 'card' : method)),
  );
}

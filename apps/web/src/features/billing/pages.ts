export { CreditsPage } from './credits-page';
export { SubscriptionsPage } from './subscriptions-page';
export { TestCheckoutPage } from './test-checkout-page';

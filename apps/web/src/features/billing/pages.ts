export { CreditsPage } from './credits-page';
export { SubscriptionsPage } from './subscriptions-page';

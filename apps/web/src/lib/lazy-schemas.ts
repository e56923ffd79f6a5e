/**
 * The shared schemas that code on a public page's first load uses, in a module of their own that
 * such code imports only once it needs one (`await import('./lazy-schemas')`): building them, and
 * loading zod, waits until then (docs/decisions/0036-schemas-on-first-use.md). Importing the
 * shared package itself that way would load every schema it has.
 */
export {
  ZLoginRequest,
  ZMarketplaceModelsResponse,
  ZPublicConfig,
  ZRegisterForm,
} from '@muse/shared';

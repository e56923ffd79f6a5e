import { describe, expect, it } from 'vitest';
import { makeQueryClient } from '../app/providers';
import { marketplaceModelsQuery, seedMarketplaceModelsFromPage } from './marketplace-models';
import { pageDataScript } from './page-data';
import { publicConfigQuery, seedPublicConfigFromPage } from './public-config';

/** A page that carries `config` and `models` as the server writes them. */
function carrying(config: unknown, models: unknown): Document {
  const page = document.implementation.createHTMLDocument('');
  page.body.innerHTML =
    pageDataScript('public-config', JSON.stringify(config)) +
    pageDataScript('marketplace-models', JSON.stringify(models));
  return page;
}

const CONFIG = { success: true, googleSignIn: false, supportEmail: 'help@muse.example' };

describe('what a public page carries', () => {
  it("takes the server's answers in place of the API calls", () => {
    const queryClient = makeQueryClient();
    seedPublicConfigFromPage(queryClient, carrying(CONFIG, { success: true, models: [] }));
    seedMarketplaceModelsFromPage(queryClient, carrying(CONFIG, { success: true, models: [] }));
    expect(queryClient.getQueryData(publicConfigQuery.queryKey)).toEqual(CONFIG);
    expect(queryClient.getQueryData(marketplaceModelsQuery.queryKey)).toEqual([]);
  });

  it('leaves out what is not such an answer, so the page asks the API instead', () => {
    for (const [config, models] of [
      [
        { ...CONFIG, googleSignIn: 'yes' },
        { success: true, models: 'none' },
      ],
      [
        { success: false, error: 'Not found', code: 'NOT_FOUND' },
        { success: false, error: 'Not found', code: 'NOT_FOUND' },
      ],
      [null, null],
    ]) {
      const queryClient = makeQueryClient();
      const page = carrying(config, models);
      seedPublicConfigFromPage(queryClient, page);
      seedMarketplaceModelsFromPage(queryClient, page);
      expect(queryClient.getQueryData(publicConfigQuery.queryKey)).toBeUndefined();
      expect(queryClient.getQueryData(marketplaceModelsQuery.queryKey)).toBeUndefined();
    }
  });
});

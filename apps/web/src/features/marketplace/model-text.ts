import type { TMarketplaceModel } from '@muse/shared';

/** Name with age, as cards and the detail view show it: 'Sienna Vale, 24'. */
export function nameWithAge(model: Pick<TMarketplaceModel, 'name' | 'age'>): string {
  return model.age > 0 ? `${model.name}, ${model.age}` : model.name;
}

/** 'N/5 claimed'. */
export function claimedText(model: Pick<TMarketplaceModel, 'claimed' | 'licences'>): string {
  return `${model.claimed}/${model.licences} claimed`;
}

/** 'Join N others who have claimed this model'. */
export function joinOthersText(claimed: number): string {
  return claimed > 0
    ? `Join ${claimed} others who have claimed this model`
    : 'Be the first to claim this model';
}

export function licencesLeftText(model: Pick<TMarketplaceModel, 'claimed' | 'licences'>): string {
  const left = Math.max(model.licences - model.claimed, 0);
  return left === 1 ? 'Only 1 license left' : `${left} licenses left`;
}

export { PublicInfluencerPage } from './public-page';
export { PublicPostPage } from './post-page';

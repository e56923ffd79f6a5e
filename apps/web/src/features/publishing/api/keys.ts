// The publishing key lives in lib/, where the approval queue and the sidebar's count read it.
export { invalidatePublishing, PUBLISHING_QUERY_KEY } from '../../../lib/publishing-keys';

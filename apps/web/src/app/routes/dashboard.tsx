import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { InfluencerFormDialog } from '../../features/influencers/components/influencer-form-dialog';

/**
 * The dashboard's Create opens the influencer form, which the influencers feature owns.
 * Features do not import each other: the app puts the two together here.
 */
export function DashboardRoute() {
  return <DashboardPage createInfluencerForm={InfluencerFormDialog} />;
}

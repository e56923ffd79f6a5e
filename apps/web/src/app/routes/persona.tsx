import { PersonaPage } from '../../features/personas/persona-page';
import { PageSettingsCard } from '../../features/publishing/components/page-settings-card';
import { PlatformAccountsCard } from '../../features/publishing/components/platform-accounts-card';

/**
 * An influencer's persona page also holds the settings of its public page and its platform
 * accounts, which the publishing feature owns. Features do not import each other: the app puts
 * them together here.
 */
export function PersonaRoute() {
  return <PersonaPage pageSettings={PageSettingsCard} platformAccounts={PlatformAccountsCard} />;
}

import { PersonaPage } from '../../features/personas/persona-page';
import { PageSettingsCard } from '../../features/publishing/components/page-settings-card';

/**
 * An influencer's persona page also holds the settings of its public page, which the publishing
 * feature owns. Features do not import each other: the app puts the two together here.
 */
export function PersonaRoute() {
  return <PersonaPage pageSettings={PageSettingsCard} />;
}

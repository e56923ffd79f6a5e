import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';

/**
 * The support address this server is configured with (GET /api/config), as a mailto link.
 * Until it has loaded, or if it cannot be loaded, a link to the support page stands in.
 */
export function SupportAddress() {
  const supportEmail = usePublicConfig().data?.supportEmail;
  if (!supportEmail) return <Link to="/support">Muse support</Link>;
  return (
    <a href={`mailto:${supportEmail}`} className="wrap-anywhere">
      {supportEmail}
    </a>
  );
}

import { lazy } from 'react';

import CredentialRoute from '../../features/credentials/routes/credential';

// The insights panel (with its chart) loads only when the credential's insights tab is opened.
const InsightsPanel = lazy(() => import('../../features/insights/components/insights-panel'));

/** The credential page with the insights feature in its insights tab. */
export default function CredentialPage() {
  return <CredentialRoute renderInsights={(props) => <InsightsPanel {...props} />} />;
}

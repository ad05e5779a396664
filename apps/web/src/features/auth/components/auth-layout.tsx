import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { Logo } from '../../../components/brand/logo';
import { DemoNotice } from '../../../components/feedback/demo-notice';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { ExternalLink } from '../../../components/plain/text-link';
import { useAppConfig } from '../../../lib/api/app-config';
import styles from './auth.module.css';

const HIGHLIGHTS = [
  'Every credential you award, and what happened next for the people who earned it.',
  'Earnings and employment before and after the award year.',
  'Contracts, users and audits for your organization in one place.',
];

/**
 * The frame of every sign-in screen: a brand panel on wide screens and the form. Drawn without
 * MUI (auth.module.css), like the first sign-in step; the other steps bring MUI with them.
 */
export default function AuthLayout() {
  const { data: config, isLoading: configLoading } = useAppConfig();
  return (
    <div className={styles.page}>
      <DemoNotice />
      <div className={styles.columns}>
        <section aria-label="About Laurel" className={styles.brand}>
          <Logo size={34} />
          <div className={styles.brandText}>
            <p className={styles.claim}>See what your credentials are worth.</p>
            <ul className={styles.highlights}>
              {HIGHLIGHTS.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
          <p className={styles.copyright}>© {new Date().getFullYear()} Laurel</p>
        </section>
        <main className={styles.main}>
          <div className={styles.mobileLogo}>
            <Logo size={32} />
          </div>
          <div className={styles.content}>
            <Suspense fallback={<FullPageLoader />}>
              <Outlet />
            </Suspense>
          </div>
          {config?.supportEmail ? (
            <p className={styles.help}>
              Need help?{' '}
              <ExternalLink href={`mailto:${config.supportEmail}`}>
                {config.supportEmail}
              </ExternalLink>
            </p>
          ) : configLoading ? (
            // Its line is kept while the address is on its way, so the centred form stays put.
            <p className={styles.help} aria-hidden="true">
              &nbsp;
            </p>
          ) : null}
        </main>
      </div>
    </div>
  );
}

import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';

import { Logo } from '../../../components/brand/logo';
import { DemoNotice } from '../../../components/feedback/demo-notice';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { ExternalLink } from '../../../components/plain/text-link';
import { useAppConfig } from '../../../lib/api/app-config';
import styles from './auth.module.css';

const HIGHLIGHTS = [
  'auth.layout.highlight1',
  'auth.layout.highlight2',
  'auth.layout.highlight3',
] as const;

/**
 * The frame of every sign-in screen: a brand panel on wide screens and the form. Drawn without
 * MUI (auth.module.css), like the first sign-in step; the other steps bring MUI with them.
 */
export default function AuthLayout() {
  const { data: config, isLoading: configLoading } = useAppConfig();
  const intl = useIntl();
  return (
    <div className={styles.page}>
      <DemoNotice />
      <div className={styles.columns}>
        <section
          aria-label={intl.formatMessage({ id: 'auth.layout.about' })}
          className={styles.brand}
        >
          <Logo size={34} />
          <div className={styles.brandText}>
            <p className={styles.claim}>
              <FormattedMessage id="auth.layout.claim" />
            </p>
            <ul className={styles.highlights}>
              {HIGHLIGHTS.map((id) => (
                <li key={id}>
                  <FormattedMessage id={id} />
                </li>
              ))}
            </ul>
          </div>
          <p className={styles.copyright}>
            <FormattedMessage
              id="auth.layout.copyright"
              values={{ year: String(new Date().getFullYear()) }}
            />
          </p>
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
              <FormattedMessage
                id="auth.layout.help"
                values={{
                  email: config.supportEmail,
                  link: (chunks) => (
                    <ExternalLink href={`mailto:${config.supportEmail}`}>{chunks}</ExternalLink>
                  ),
                }}
              />
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

import { Suspense, startTransition, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { isPlatformAdmin } from '@laurel/contract/roles';

import type { MessageId } from '../../lib/i18n/catalogue';
import { paths } from '../../lib/routing/paths';
import { PageHeader } from '../../components/layout/page-header';
import { useAuth } from '../../lib/auth/use-auth';
import { useCan } from '../../lib/auth/use-can';
import { useBreadcrumbs } from '../../lib/breadcrumbs/use-breadcrumbs';
import { afterNextPaint } from '../../lib/routing/after-paint';
import { atMost } from '../../lib/routing/first-screen';
import { preloadable } from '../../lib/routing/preloadable';
import { dashboardDataAnswered } from './dashboard/prefetch';

// The sections arrive in a chunk of their own (their data is already on its way, see prefetch.ts).
const [DashboardSections, loadSections] = preloadable(() => import('./dashboard/sections'));
let sectionsLoaded = false;
/**
 * How long the sections wait for the data asked for with the page, at most: with it, their cards
 * are drawn once, with their contents; without it (a slow answer), as placeholders meanwhile.
 */
const SECTIONS_DATA_WAIT_MS = 1000;

/** The part of the day for the greeting: `morning`, `afternoon` or `evening`. */
function partOfDay(now: Date): 'morning' | 'afternoon' | 'evening' {
  const hour = now.getHours();
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * `/`: for platform admins, the platform's counts, what needs attention and every organization at
 * a glance; for members, their organization's counts, contract usage, uploads and insights; and
 * everyone's bookmarks. Every request of the screen starts at once (no request waits for another).
 */
export default function DashboardRoute() {
  const { user } = useAuth();
  const profile = user?.profile;
  const platformAdmin = isPlatformAdmin(profile);
  const canDo = useCan();
  const intl = useIntl();
  useBreadcrumbs({
    dashboard: { label: intl.formatMessage({ id: 'nav.dashboard' }), href: paths.home.getHref() },
  });
  // The sections' code is requested once the greeting has been painted, not while it renders:
  // requested during the render, it arrived and ran (MUI's cards and table, 70–100 ms on a
  // throttled phone) between the greeting's render and its paint (docs/decisions/033); requested
  // in the commit, it still ran before that paint.
  const [sectionsShown, showSections] = useState(sectionsLoaded);
  useEffect(() => {
    if (sectionsShown) return;
    let active = true;
    const cancel = afterNextPaint(() => {
      // A failed load is rendered too: the sections' lazy import then fails where the screen's
      // error boundary shows it.
      const data = dashboardDataAnswered();
      void Promise.all([
        loadSections().then(() => {
          sectionsLoaded = true;
        }),
        // The cards' data, so that they are not drawn as placeholders that their contents then
        // push down the page: a layout shift (CLS) as soon as the code came before the answers.
        data && atMost(data, SECTIONS_DATA_WAIT_MS),
      ])
        .catch(() => undefined)
        .finally(() => {
          // A transition: React renders the sections in slices between which the browser stays
          // responsive, not in one task (about 460 ms on a throttled phone for a platform admin's).
          if (active) startTransition(() => showSections(true));
        });
    });
    return () => {
      active = false;
      cancel();
    };
  }, [sectionsShown]);

  return (
    <>
      <PageHeader
        overline={
          profile
            ? `${profile.organizationName} · ${intl.formatMessage({ id: `roles.${profile.roleId}` as MessageId })}`
            : undefined
        }
        title={intl.formatMessage(
          { id: 'dashboard.greeting' },
          {
            partOfDay: partOfDay(new Date()),
            named: profile?.firstName ? 'yes' : 'no',
            name: profile?.firstName ?? '',
          },
        )}
        subtitle={
          platformAdmin
            ? intl.formatMessage({ id: 'dashboard.subtitle.platform' })
            : profile && canDo('read:upload', { organizationId: profile.organizationId })
              ? intl.formatMessage({ id: 'dashboard.subtitle.withUploads' })
              : intl.formatMessage({ id: 'dashboard.subtitle.member' })
        }
      />
      {/* Nothing is shown in their place meanwhile: they appear below the greeting, moving nothing. */}
      {sectionsShown ? (
        <Suspense fallback={null}>
          <DashboardSections platformAdmin={platformAdmin} profile={profile} />
        </Suspense>
      ) : null}
    </>
  );
}

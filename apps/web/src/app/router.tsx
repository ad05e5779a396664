import { lazy, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Route, Routes } from 'react-router';

import { loadCatalogue, type MessageId } from '../lib/i18n/catalogue';
import { currentLanguage } from '../lib/i18n/language';
import { PageTitle } from '../lib/routing/page-title';
import { paths } from '../lib/routing/paths';
import { preloadable } from '../lib/routing/preloadable';
import { loadAppConfig } from '../lib/api/app-config';
import { MuiScreens, preloadMuiScreens } from '../lib/theme/mui-screens';
import { loadStore } from '../lib/store/lazy-store';
import { preloadStoreProvider, StoreProvider } from '../lib/store/store-provider';
import { storedSessionProfileRequest } from '../lib/auth/stored-session';
import { atMost } from '../lib/routing/first-screen';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { PlatformList } from './routes/platform-list';
import type { AppStore } from './store';
import { loadDockedSidebarWhereDocked } from './shell/docked-sidebar';

// Every screen is its own chunk, fetched when its route is first visited (the first screens
// earlier, see startFirstScreen).
const [PasswordSignIn, loadPasswordSignIn] = preloadable(
  () => import('../features/auth/routes/password-sign-in'),
);
const [SetPassword, loadSetPassword] = preloadable(
  () => import('../features/auth/routes/set-password'),
);
const [SetupMfa, loadSetupMfa] = preloadable(() => import('../features/auth/routes/setup-mfa'));
const [VerifyMfa, loadVerifyMfa] = preloadable(() => import('../features/auth/routes/verify-mfa'));
const [SelectMethod, loadSelectMethod] = preloadable(
  () => import('../features/auth/routes/select-method'),
);
const [VerifyEmailCode, loadVerifyEmailCode] = preloadable(
  () => import('../features/auth/routes/verify-email-code'),
);
const [SelectMfa, loadSelectMfa] = preloadable(() => import('../features/auth/routes/select-mfa'));
const [PasskeySignIn, loadPasskeySignIn] = preloadable(
  () => import('../features/auth/routes/passkey-sign-in'),
);
const [ForgotPassword, loadForgotPassword] = preloadable(
  () => import('../features/auth/routes/forgot-password'),
);
const [ResetPassword, loadResetPassword] = preloadable(
  () => import('../features/auth/routes/reset-password'),
);
const [Callback, loadCallback] = preloadable(() => import('../features/auth/routes/callback'));
const [AcceptInvitation, loadAcceptInvitation] = preloadable(
  () => import('../features/auth/routes/accept-invitation'),
);
const loadAuthLayout = () => import('../features/auth/components/auth-layout');
// The signed-in screens are drawn with the whole catalogue, not only its sign-in part.
const [AppShell, loadAppShell] = preloadable(async () => {
  const [module] = await Promise.all([
    import('./shell/app-shell'),
    loadCatalogue(currentLanguage()),
  ]);
  return module;
});
const [Dashboard, loadDashboard] = preloadable(() => import('./routes/dashboard'));

/** The sign-in screens by path, so that the first one shown arrives together with its frame. */
const AUTH_SCREENS: Record<string, () => Promise<unknown>> = {
  [paths.auth.passwordSignIn.path]: loadPasswordSignIn,
  [paths.auth.setPassword.path]: loadSetPassword,
  [paths.auth.setupMfa.path]: loadSetupMfa,
  [paths.auth.verifyMfa.path]: loadVerifyMfa,
  [paths.auth.selectMethod.path]: loadSelectMethod,
  [paths.auth.verifyEmailCode.path]: loadVerifyEmailCode,
  [paths.auth.selectMfa.path]: loadSelectMfa,
  [paths.auth.passkeySignIn.path]: loadPasskeySignIn,
  [paths.auth.forgotPassword.path]: loadForgotPassword,
  [paths.auth.resetPassword.path]: loadResetPassword,
  [paths.auth.callback.path]: () => Promise.all([loadCallback(), preloadStoreProvider()]),
  [paths.auth.acceptInvitation.path]: () =>
    Promise.all([loadAcceptInvitation(), preloadStoreProvider()]),
};

/**
 * What the first frame (the sign-in frame or the app shell) waits for besides its own code: the
 * deployment's facts (the demo notice and the support address are part of the first paint, so
 * nothing moves when they arrive) and, on a sign-in path, that screen's code (so the frame does
 * not show a spinner where the form will be). Bounded, so a slow answer never holds the page: the
 * facts for 3 s, the screen's code for 8 s (without it there is only a spinner to show, and the
 * form would then push it away: on a throttled phone the code takes about 3 s).
 */
let firstFrameReady: Promise<unknown> = Promise.resolve();
/**
 * When someone may be signed in: the facts and the signed-in frame's code (the store, MUI, the app
 * shell and, on `/`, the dashboard), which the app waits for before its first render. Drawn before
 * that code is in, the frame would first be a spinner, which React keeps on screen for 300 ms once
 * shown: on a fast connection the greeting waited about 170 ms for nothing.
 */
let signedInFrameReady: Promise<unknown> | undefined;
const FACTS_WAIT_MS = 3000;
const SCREEN_CODE_WAIT_MS = 8000;

const withFirstFrame =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> => {
    const [module] = await Promise.all([load(), firstFrameReady]);
    return module;
  };

/**
 * Starts, before the first render, what the screen at `pathname` will need: the deployment's
 * facts for every screen; the sign-in screen's code on a sign-in path or when nobody is signed in;
 * and when someone may be signed in, the shell's code and, on `/`, the dashboard's code and data.
 */
export function startFirstScreen(pathname: string, options: { mayBeSignedIn: boolean }): void {
  const waits: Promise<unknown>[] = [atMost(loadAppConfig(), FACTS_WAIT_MS)];
  // The sign-in frame's code is fetched with the screen's, not once the first render asks for it.
  const authScreen = AUTH_SCREENS[pathname];
  // Every sign-in step but the first is drawn with MUI.
  const withMui = (load: () => Promise<unknown>) =>
    pathname === paths.auth.passwordSignIn.path
      ? load
      : () => Promise.all([load(), preloadMuiScreens()]);
  if (authScreen)
    waits.push(atMost(Promise.all([withMui(authScreen)(), loadAuthLayout()]), SCREEN_CODE_WAIT_MS));
  // Nobody signed in: every other path leads to the sign-in screen.
  else if (!options.mayBeSignedIn)
    waits.push(atMost(Promise.all([loadPasswordSignIn(), loadAuthLayout()]), SCREEN_CODE_WAIT_MS));
  firstFrameReady = Promise.all(waits);
  if (!options.mayBeSignedIn) return;
  // The signed-in screens read the store and are drawn with MUI.
  const storeProvider = preloadStoreProvider();
  const muiScreens = preloadMuiScreens();
  void storeProvider.catch(() => undefined);
  void muiScreens.catch(() => undefined);
  const profile = storedSessionProfileRequest();
  // In a task of its own, so that the session check's requests are sent first; the dashboard's
  // data before any code (a small chunk of its own: the data need not wait for the screen's code).
  const screenCode = new Promise<unknown>((resolve) => {
    window.setTimeout(() => {
      if (pathname === paths.home.path)
        void Promise.all([import('./routes/dashboard/prefetch'), loadStore()])
          .then(([module, store]) => module.prefetchDashboardData(store as AppStore))
          .catch(() => undefined);
      resolve(
        Promise.all([
          storeProvider,
          muiScreens,
          loadAppShell(),
          // A wide screen docks the sidebar: its navigation is drawn in the same first frame.
          loadDockedSidebarWhereDocked(),
          pathname === paths.home.path ? loadDashboard() : undefined,
          // The stored session's profile, so that the first render draws the signed-in screen
          // rather than "Checking your session" first (see AuthProvider's starting state); like
          // the facts, for 3 s at most.
          profile && atMost(profile, FACTS_WAIT_MS),
        ]),
      );
    });
  });
  if (!authScreen)
    signedInFrameReady = Promise.all([firstFrameReady, atMost(screenCode, SCREEN_CODE_WAIT_MS)]);
}

/**
 * What the app waits for before its first render, if anything: the signed-in frame's code when
 * someone may be signed in (see `signedInFrameReady`). The sign-in frame waits on its own.
 */
export function signedInFrame(): Promise<unknown> | undefined {
  return signedInFrameReady;
}

const AuthLayout = lazy(withFirstFrame(loadAuthLayout));

const OrganizationsList = lazy(() => import('../features/organizations/routes/organizations-list'));
const CredentialsList = lazy(() => import('../features/credentials/routes/credentials-list'));
const UsersList = lazy(() => import('../features/users/routes/users-list'));
const ContractsList = lazy(() => import('../features/contracts/routes/contracts-list'));
const Organization = lazy(() => import('../features/organizations/routes/organization'));
const OrganizationOverview = lazy(
  () => import('../features/organizations/routes/organization-overview'),
);
const Credential = lazy(() => import('./routes/credential'));
const Contract = lazy(() => import('../features/contracts/routes/contract'));
const User = lazy(() => import('../features/users/routes/user'));
const Awardee = lazy(() => import('../features/awardees/routes/awardee'));
const Audits = lazy(() => import('../features/audits/routes/audits'));
const ApiKeys = lazy(() => import('../features/api-keys/routes/api-keys'));
const Webhooks = lazy(() => import('../features/webhooks/routes/webhooks'));
const Uploads = lazy(() => import('../features/uploads/routes/uploads'));
const Benchmarks = lazy(() => import('../features/benchmarks/routes/benchmarks'));
const OrganizationInsights = lazy(
  () => import('../features/insights/routes/organization-insights'),
);
const InsightsMethodology = lazy(() => import('../features/insights/routes/methodology'));
const OrganizationScope = lazy(() => import('./routes/organization-scope'));
const OrganizationFallback = lazy(() =>
  import('./routes/organization-scope').then((module) => ({
    default: module.OrganizationFallback,
  })),
);
const Profile = lazy(() => import('../features/profile/routes/profile'));
const Settings = lazy(() => import('../features/settings/routes/settings'));
const NotFound = lazy(() => import('./routes/not-found'));

/** A route's element with its document title ("Credentials · Laurel"). */
const titled = (id: MessageId, element: ReactNode) => (
  <TranslatedPageTitle id={id}>{element}</TranslatedPageTitle>
);

function TranslatedPageTitle({ id, children }: { id: MessageId; children: ReactNode }) {
  const intl = useIntl();
  return <PageTitle title={intl.formatMessage({ id })}>{children}</PageTitle>;
}

/**
 * `{organization route}`, `{organization route}/{itemType}` and
 * `{organization route}/{itemType}/{itemId}` (spec §2). The organization page holds the lists as
 * tabs; credential, contract and user pages stand alone. Unknown item types fall back.
 */
function organizationRoutes(path: string) {
  return (
    <Route path={path} element={<OrganizationScope />}>
      <Route element={<Organization />}>
        {/* Tabs: "Credentials · <organization> · Laurel"; the overview is the organization's name. */}
        <Route index element={<OrganizationOverview />} />
        <Route
          path={paths.credentialsOfOrganization.path}
          element={titled('pageTitle.credentials', <CredentialsList />)}
        />
        <Route
          path={paths.usersOfOrganization.path}
          element={titled('pageTitle.users', <UsersList />)}
        />
        <Route
          path={paths.contractsOfOrganization.path}
          element={titled('pageTitle.contracts', <ContractsList />)}
        />
        <Route
          path={paths.auditsOfOrganization.path}
          element={titled('pageTitle.audits', <Audits />)}
        />
        <Route
          path={paths.uploadsOfOrganization.path}
          element={titled('pageTitle.uploads', <Uploads />)}
        />
        <Route
          path={paths.insightsOfOrganization.path}
          element={titled('pageTitle.insights', <OrganizationInsights />)}
        />
        <Route
          path={paths.apiKeysOfOrganization.path}
          element={titled('pageTitle.apiKeys', <ApiKeys />)}
        />
        <Route
          path={paths.webhooksOfOrganization.path}
          element={titled('pageTitle.webhooks', <Webhooks />)}
        />
      </Route>
      {/* Detail pages name themselves after their record once it has loaded. */}
      <Route
        path={paths.credential.path}
        element={titled('pageTitle.credential', <Credential />)}
      />
      <Route path={paths.contract.path} element={titled('pageTitle.contract', <Contract />)} />
      <Route path={paths.user.path} element={titled('pageTitle.user', <User />)} />
      <Route path={paths.awardee.path} element={titled('pageTitle.awardee', <Awardee />)} />
      <Route path="*" element={<OrganizationFallback />} />
    </Route>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/auth" element={<AuthLayout />}>
          <Route index element={<Navigate to={paths.auth.passwordSignIn.getHref()} replace />} />
          <Route
            path={paths.auth.passwordSignIn.path}
            element={titled('pageTitle.signIn', <PasswordSignIn />)}
          />
          {/* The first step is drawn without MUI; the others bring it (docs/decisions/032). */}
          <Route element={<MuiScreens />}>
            <Route
              path={paths.auth.setPassword.path}
              element={titled('pageTitle.chooseANewPassword', <SetPassword />)}
            />
            <Route
              path={paths.auth.setupMfa.path}
              element={titled('pageTitle.setUpTwoStepVerification', <SetupMfa />)}
            />
            <Route
              path={paths.auth.verifyMfa.path}
              element={titled('pageTitle.twoStepVerification', <VerifyMfa />)}
            />
            <Route
              path={paths.auth.selectMethod.path}
              element={titled('pageTitle.chooseHowToSignIn', <SelectMethod />)}
            />
            <Route
              path={paths.auth.verifyEmailCode.path}
              element={titled('pageTitle.checkYourEmail', <VerifyEmailCode />)}
            />
            <Route
              path={paths.auth.selectMfa.path}
              element={titled('pageTitle.twoStepVerification', <SelectMfa />)}
            />
            <Route
              path={paths.auth.passkeySignIn.path}
              element={titled('pageTitle.signInWithAPasskey', <PasskeySignIn />)}
            />
            <Route
              path={paths.auth.forgotPassword.path}
              element={titled('pageTitle.resetYourPassword', <ForgotPassword />)}
            />
            <Route
              path={paths.auth.resetPassword.path}
              element={titled('pageTitle.chooseANewPassword', <ResetPassword />)}
            />
            {/* These two read the store; the other sign-in screens do without it. */}
            <Route
              path={paths.auth.callback.path}
              element={titled(
                'pageTitle.companySignIn',
                <StoreProvider>
                  <Callback />
                </StoreProvider>,
              )}
            />
            <Route
              path={paths.auth.acceptInvitation.path}
              element={titled(
                'pageTitle.acceptYourInvitation',
                <StoreProvider>
                  <AcceptInvitation />
                </StoreProvider>,
              )}
            />
          </Route>
          <Route path="*" element={<Navigate to={paths.auth.passwordSignIn.getHref()} replace />} />
        </Route>
        <Route
          element={
            <MuiScreens>
              <StoreProvider>
                <RequireAuth />
              </StoreProvider>
            </MuiScreens>
          }
        >
          <Route element={<AppShell />}>
            <Route path={paths.home.path} element={titled('pageTitle.dashboard', <Dashboard />)} />
            <Route
              path={paths.appShell.path}
              element={<Navigate to={paths.home.getHref()} replace />}
            />
            <Route
              path={paths.organizations.path}
              element={titled('pageTitle.organizations', <OrganizationsList />)}
            />
            {/* Lists of every organization; anyone else is sent to their organization's tab. */}
            <Route
              path={paths.credentials.path}
              element={
                <PlatformList itemType="credentials">
                  {titled('pageTitle.credentials', <CredentialsList />)}
                </PlatformList>
              }
            />
            <Route
              path={paths.users.path}
              element={
                <PlatformList itemType="users">
                  {titled('pageTitle.users', <UsersList />)}
                </PlatformList>
              }
            />
            <Route
              path={paths.contracts.path}
              element={
                <PlatformList itemType="contracts">
                  {titled('pageTitle.contracts', <ContractsList />)}
                </PlatformList>
              }
            />
            <Route
              path={paths.audits.path}
              element={
                <PlatformList itemType="audits">
                  {titled('pageTitle.audits', <Audits />)}
                </PlatformList>
              }
            />
            <Route
              path={paths.uploads.path}
              element={
                <PlatformList itemType="uploads">
                  {titled('pageTitle.uploads', <Uploads />)}
                </PlatformList>
              }
            />
            <Route
              path={paths.benchmarks.path}
              element={titled('pageTitle.earningsBenchmarks', <Benchmarks />)}
            />
            <Route
              path={paths.insightsMethodology.path}
              element={titled('pageTitle.insightsMethodology', <InsightsMethodology />)}
            />
            {organizationRoutes(paths.organization.path)}
            {organizationRoutes(paths.adminOrganization.path)}
            <Route
              path={paths.profile.path}
              element={titled('pageTitle.yourProfile', <Profile />)}
            />
            <Route
              path={paths.settings.path}
              element={titled('pageTitle.settings', <Settings />)}
            />
            <Route path="*" element={titled('pageTitle.pageNotFound', <NotFound />)} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}

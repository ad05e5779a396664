import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FormattedMessage, useIntl } from 'react-intl';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';

import { getOrganizationItemHref, paths } from '../../../lib/routing/paths';
import { PageTitleScope, usePageTitle } from '../../../lib/routing/page-title';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { BookmarkButton } from '../../../components/bookmarks/bookmark-button';
import { StatusChip } from '../../../components/display/status-chip';
import { BreadcrumbsBar } from '../../../components/layout/breadcrumbs-bar';
import { PageHeader } from '../../../components/layout/page-header';
import { useGetOrganizationQuery } from '../../../lib/api/organization-api';
import { useCan } from '../../../lib/auth/use-can';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import { OrganizationFormDialog } from '../components/organization-form-dialog';

/**
 * `/organizations/:organizationId` and `/admin/organizations/:organizationId`: the organization's
 * name and actions, with its overview, credentials, users, contracts and audit trail as tabs.
 */
export default function OrganizationRoute() {
  const { organizationId, organizationHref, admin } = useOrganizationRoute();
  const id = organizationId ?? 0;
  const href = organizationHref ?? '/';
  const { data: organization } = useGetOrganizationQuery(id);
  const canDo = useCan();
  const intl = useIntl();
  const { pathname } = useLocation();
  const [editing, setEditing] = useState(false);
  useBreadcrumbs({ organization: { label: organization?.name, href } });
  // The overview is titled with the name alone; each tab adds its own ("Users · <name> · Laurel").
  usePageTitle(organization?.name ?? null);

  const tabs = [
    { label: intl.formatMessage({ id: 'nav.overview' }), href },
    {
      label: intl.formatMessage({ id: 'nav.credentials' }),
      href: getOrganizationItemHref(href, 'credentials'),
    },
    {
      label: intl.formatMessage({ id: 'nav.users' }),
      href: getOrganizationItemHref(href, 'users'),
    },
    {
      label: intl.formatMessage({ id: 'nav.contracts' }),
      href: getOrganizationItemHref(href, 'contracts'),
    },
    ...(canDo('read:insights', { organizationId: id })
      ? [
          {
            label: intl.formatMessage({ id: 'nav.insights' }),
            href: getOrganizationItemHref(href, 'insights'),
          },
        ]
      : []),
    ...(canDo('read:upload', { organizationId: id })
      ? [
          {
            label: intl.formatMessage({ id: 'nav.uploads' }),
            href: getOrganizationItemHref(href, 'uploads'),
          },
        ]
      : []),
    ...(canDo('read:audit', { organizationId: id })
      ? [
          {
            label: intl.formatMessage({ id: 'nav.auditTrail' }),
            href: getOrganizationItemHref(href, 'audits'),
          },
        ]
      : []),
    ...(canDo('manage:apikey', { organizationId: id }) && !organization?.isPlatform
      ? [
          {
            label: intl.formatMessage({ id: 'nav.apiKeys' }),
            href: getOrganizationItemHref(href, 'api-keys'),
          },
        ]
      : []),
    ...(canDo('manage:webhook', { organizationId: id }) && !organization?.isPlatform
      ? [
          {
            label: intl.formatMessage({ id: 'nav.webhooks' }),
            href: getOrganizationItemHref(href, 'webhooks'),
          },
        ]
      : []),
  ];
  const current = tabs.find((tab) => tab.href === pathname.replace(/\/$/, ''))?.href ?? false;

  if (!organization) return null;
  return (
    <>
      <BreadcrumbsBar />
      <PageHeader
        // The platform admin's own view and acting within the organization look alike below the
        // header: this one says whose view it is (acting has its banner and the sidebar).
        overline={
          admin
            ? intl.formatMessage(
                { id: 'organizations.organization.adminView' },
                { type: organization.typeName },
              )
            : organization.typeName
        }
        subtitle={
          admin && canDo('impersonate:organization') && !organization.isPlatform
            ? intl.formatMessage({ id: 'organizations.organization.adminViewDescription' })
            : undefined
        }
        title={
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}
          >
            {organization.name}
            <StatusChip status={organization.status} />
          </Box>
        }
        actions={
          <>
            <BookmarkButton
              target={{
                itemType: 'organizations',
                itemId: organization.id,
                itemName: organization.name,
                organizationId: organization.id,
              }}
            />
            {admin && canDo('impersonate:organization') && !organization.isPlatform ? (
              <Button
                variant="outlined"
                startIcon={<SupervisorAccountOutlined />}
                component={RouterLink}
                to={paths.organization.getHref(organization.id)}
              >
                <FormattedMessage id="organizations.organization.act" />
              </Button>
            ) : null}
            {canDo('update:organization', { organizationId: id }) ? (
              <Button
                variant="contained"
                startIcon={<EditOutlined />}
                onClick={() => setEditing(true)}
              >
                <FormattedMessage id="organizations.organization.edit" />
              </Button>
            ) : null}
          </>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 5 }}>
        <Tabs
          value={current}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={intl.formatMessage(
            { id: 'organizations.organization.sections' },
            { name: organization.name },
          )}
          // A scroll button with nowhere to go takes no room: the first tab starts at the edge.
          sx={{ '& .MuiTabs-scrollButtons.Mui-disabled': { display: 'none' } }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.href}
              label={tab.label}
              value={tab.href}
              component={RouterLink}
              to={tab.href}
            />
          ))}
        </Tabs>
      </Box>
      <PageTitleScope suffix={organization.name}>
        <Outlet />
      </PageTitleScope>
      <OrganizationFormDialog
        open={editing}
        organization={organization}
        onClose={() => setEditing(false)}
      />
    </>
  );
}

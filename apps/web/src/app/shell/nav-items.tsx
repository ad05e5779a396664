import type { ReactNode } from 'react';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { accessFor } from '@laurel/contract/permissions';
import type { TProfile } from '@laurel/contract/profile';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { getOrganizationHref, getOrganizationItemHref, paths } from '../../lib/routing/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
  /** Exact match only (the dashboard would otherwise be active everywhere). */
  end?: boolean;
}

export interface NavSection {
  title?: string;
  items: NavItem[];
}

/**
 * Sidebar areas of spec §2. A platform admin sees every organization's items; everyone else
 * sees their own organization's, and "Organizations" opens their organization.
 */
export function getNavSections(profile: TProfile | null | undefined): NavSection[] {
  const sections = getManageSections(profile);
  // Uploads and Audits for admins (DESIGN §6): whoever may read them.
  const administration: NavItem[] = [];
  if (profile && accessFor(profile.roleId, 'read:upload')) {
    administration.push({
      label: 'Uploads',
      href: paths.uploads.getHref(),
      icon: <CloudUploadOutlined />,
    });
  }
  if (profile && accessFor(profile.roleId, 'read:audit')) {
    administration.push({
      label: 'Audits',
      href: paths.audits.getHref(),
      icon: <FactCheckOutlined />,
    });
  }
  if (administration.length > 0) sections.push({ title: 'Administration', items: administration });
  if (profile) {
    sections.push({
      title: 'Help',
      items: [
        {
          label: 'Insights methodology',
          href: paths.insightsMethodology.getHref(),
          icon: <HelpOutlineOutlined />,
        },
      ],
    });
  }
  return sections;
}

function getManageSections(profile: TProfile | null | undefined): NavSection[] {
  const dashboard: NavSection = {
    items: [
      { label: 'Dashboard', href: paths.home.getHref(), icon: <DashboardOutlined />, end: true },
    ],
  };
  if (!profile || isPlatformAdmin(profile)) {
    return [
      dashboard,
      {
        title: 'Manage',
        items: [
          {
            label: 'Credentials',
            href: paths.credentials.getHref(),
            icon: <WorkspacePremiumOutlined />,
          },
          {
            label: 'Organizations',
            href: paths.organizations.getHref(),
            icon: <ApartmentOutlined />,
          },
          { label: 'Users', href: paths.users.getHref(), icon: <PeopleAltOutlined /> },
          { label: 'Contracts', href: paths.contracts.getHref(), icon: <DescriptionOutlined /> },
        ],
      },
    ];
  }
  const organizationHref = getOrganizationHref(profile.organizationId);
  return [
    dashboard,
    {
      title: 'Manage',
      items: [
        {
          label: 'Credentials',
          href: getOrganizationItemHref(organizationHref, 'credentials'),
          icon: <WorkspacePremiumOutlined />,
        },
        { label: 'Organizations', href: organizationHref, icon: <ApartmentOutlined />, end: true },
        {
          label: 'Users',
          href: getOrganizationItemHref(organizationHref, 'users'),
          icon: <PeopleAltOutlined />,
        },
        {
          label: 'Contracts',
          href: getOrganizationItemHref(organizationHref, 'contracts'),
          icon: <DescriptionOutlined />,
        },
      ],
    },
  ];
}

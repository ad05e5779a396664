import type { ReactNode } from 'react';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { accessFor } from '@laurel/contract/permissions';
import type { TProfile } from '@laurel/contract/profile';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { getOrganizationHref, getOrganizationItemHref, paths } from '../../lib/routing/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
  /** The area of the app the item opens: it is highlighted anywhere in that area (`areaOf`). */
  area: NavArea;
}

export type NavArea =
  | 'dashboard'
  | 'credentials'
  | 'organizations'
  | 'users'
  | 'contracts'
  | 'uploads'
  | 'audits'
  | 'benchmarks'
  | 'help'
  | 'other';

const ORGANIZATION_AREAS = new Set<NavArea>([
  'credentials',
  'users',
  'contracts',
  'uploads',
  'audits',
]);

/**
 * The area a page belongs to, for the sidebar: a credential of an organization
 * (`/organizations/5/credentials/3`) is in Credentials, an organization's own page
 * (`/organizations/5`, `/admin/organizations/5/…`) in Organizations.
 */
export function areaOf(pathname: string): NavArea {
  const [first, second, third] = pathname.split('/').filter(Boolean);
  if (first === undefined) return 'dashboard';
  if (first === 'admin' && second === 'organizations') return 'organizations';
  if (first === 'organizations') {
    return third !== undefined && ORGANIZATION_AREAS.has(third as NavArea)
      ? (third as NavArea)
      : 'organizations';
  }
  if (first === 'insights') return 'help';
  if (first === 'benchmarks') return 'benchmarks';
  return ORGANIZATION_AREAS.has(first as NavArea) ? (first as NavArea) : 'other';
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
      area: 'uploads',
      href: paths.uploads.getHref(),
      icon: <CloudUploadOutlined />,
    });
  }
  if (profile && accessFor(profile.roleId, 'read:audit')) {
    administration.push({
      label: 'Audits',
      area: 'audits',
      href: paths.audits.getHref(),
      icon: <FactCheckOutlined />,
    });
  }
  if (profile && accessFor(profile.roleId, 'manage:benchmark')) {
    administration.push({
      label: 'Benchmarks',
      area: 'benchmarks',
      href: paths.benchmarks.getHref(),
      icon: <InsightsOutlined />,
    });
  }
  if (administration.length > 0) sections.push({ title: 'Administration', items: administration });
  if (profile) {
    sections.push({
      title: 'Help',
      items: [
        {
          label: 'Insights methodology',
          area: 'help',
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
      {
        label: 'Dashboard',
        area: 'dashboard',
        href: paths.home.getHref(),
        icon: <DashboardOutlined />,
      },
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
            area: 'credentials',
            href: paths.credentials.getHref(),
            icon: <WorkspacePremiumOutlined />,
          },
          {
            label: 'Organizations',
            area: 'organizations',
            href: paths.organizations.getHref(),
            icon: <ApartmentOutlined />,
          },
          {
            label: 'Users',
            area: 'users',
            href: paths.users.getHref(),
            icon: <PeopleAltOutlined />,
          },
          {
            label: 'Contracts',
            area: 'contracts',
            href: paths.contracts.getHref(),
            icon: <DescriptionOutlined />,
          },
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
          area: 'credentials',
          href: getOrganizationItemHref(organizationHref, 'credentials'),
          icon: <WorkspacePremiumOutlined />,
        },
        {
          label: 'Organizations',
          area: 'organizations',
          href: organizationHref,
          icon: <ApartmentOutlined />,
        },
        {
          label: 'Users',
          area: 'users',
          href: getOrganizationItemHref(organizationHref, 'users'),
          icon: <PeopleAltOutlined />,
        },
        {
          label: 'Contracts',
          area: 'contracts',
          href: getOrganizationItemHref(organizationHref, 'contracts'),
          icon: <DescriptionOutlined />,
        },
      ],
    },
  ];
}

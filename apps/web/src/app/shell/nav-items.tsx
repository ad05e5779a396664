import type { ReactNode } from 'react';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import { accessFor } from '@laurel/contract/permissions';
import type { TProfile } from '@laurel/contract/profile';
import { ROLES, isPlatformAdmin, type RoleId } from '@laurel/contract/roles';

import type { Translate } from '../../lib/i18n/catalogue';
import { englishText } from '../../lib/i18n/english';
import { getOrganizationHref, getOrganizationItemHref, paths } from '../../lib/routing/paths';

interface NavItem {
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
  | 'insights'
  | 'uploads'
  | 'audits'
  | 'benchmarks'
  | 'api-keys'
  | 'webhooks'
  | 'help'
  | 'other';

const ORGANIZATION_AREAS = new Set<NavArea>([
  'credentials',
  'users',
  'contracts',
  'insights',
  'uploads',
  'audits',
  'api-keys',
  'webhooks',
]);

/**
 * The area a page belongs to, for the sidebar: a credential of an organization
 * (`/organizations/5/credentials/3`) is in Credentials, an organization's own page
 * (`/organizations/5`) in Organizations, and everything on a platform admin's view of an
 * organization (`/admin/organizations/5/…`) in Organizations too.
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

/** The organization a platform admin acts within, if any. */
export interface ActingOrganization {
  id: number;
  name: string;
}

/**
 * The sidebar (spec §2's areas: credentials, organizations, users, contracts). A platform admin
 * sees the lists of every organization and the platform's administration. Everyone else sees one
 * section, their organization, whose items are the tabs of its page under the same names, so each
 * place has one name and one address. A platform admin acting within an organization sees what an
 * organization admin of it sees, without the dashboard (the platform's own: it leads out).
 */
export function getNavSections(
  profile: TProfile | null | undefined,
  acting: ActingOrganization | null = null,
  t: Translate = englishText,
): NavSection[] {
  if (!profile) return [];
  const help: NavSection = {
    title: t('nav.help'),
    items: [
      {
        label: t('nav.insightsMethodology'),
        area: 'help',
        href: paths.insightsMethodology.getHref(),
        icon: <HelpOutlineOutlined />,
      },
    ],
  };
  if (isPlatformAdmin(profile) && acting) {
    return [organizationSection(t, acting.id, ROLES.ORGANIZATION_ADMIN, acting.name), help];
  }
  if (isPlatformAdmin(profile)) return [dashboard(t), ...platformSections(t, profile.roleId), help];
  return [dashboard(t), organizationSection(t, profile.organizationId, profile.roleId), help];
}

function dashboard(t: Translate): NavSection {
  return {
    items: [
      {
        label: t('nav.dashboard'),
        area: 'dashboard',
        href: paths.home.getHref(),
        icon: <DashboardOutlined />,
      },
    ],
  };
}

function platformSections(t: Translate, roleId: RoleId): NavSection[] {
  const administration: NavItem[] = [
    {
      label: t('nav.uploads'),
      area: 'uploads',
      href: paths.uploads.getHref(),
      icon: <CloudUploadOutlined />,
    },
    {
      label: t('nav.audits'),
      area: 'audits',
      href: paths.audits.getHref(),
      icon: <FactCheckOutlined />,
    },
  ];
  if (accessFor(roleId, 'manage:benchmark')) {
    administration.push({
      label: t('nav.benchmarks'),
      area: 'benchmarks',
      href: paths.benchmarks.getHref(),
      icon: <InsightsOutlined />,
    });
  }
  return [
    {
      title: t('nav.manage'),
      items: [
        {
          label: t('nav.credentials'),
          area: 'credentials',
          href: paths.credentials.getHref(),
          icon: <WorkspacePremiumOutlined />,
        },
        {
          label: t('nav.organizations'),
          area: 'organizations',
          href: paths.organizations.getHref(),
          icon: <ApartmentOutlined />,
        },
        {
          label: t('nav.users'),
          area: 'users',
          href: paths.users.getHref(),
          icon: <PeopleAltOutlined />,
        },
        {
          label: t('nav.contracts'),
          area: 'contracts',
          href: paths.contracts.getHref(),
          icon: <DescriptionOutlined />,
        },
      ],
    },
    { title: t('nav.administration'), items: administration },
  ];
}

/**
 * One organization's places, as the tabs of its page name them: what `roleId` may open there.
 * Titled with the organization's name while acting within it, "Your organization" otherwise.
 */
function organizationSection(
  t: Translate,
  organizationId: number,
  roleId: RoleId,
  name?: string,
): NavSection {
  const href = getOrganizationHref(organizationId);
  const items: NavItem[] = [
    { label: t('nav.overview'), area: 'organizations', href, icon: <ApartmentOutlined /> },
    {
      label: t('nav.credentials'),
      area: 'credentials',
      href: getOrganizationItemHref(href, 'credentials'),
      icon: <WorkspacePremiumOutlined />,
    },
    {
      label: t('nav.users'),
      area: 'users',
      href: getOrganizationItemHref(href, 'users'),
      icon: <PeopleAltOutlined />,
    },
    {
      label: t('nav.contracts'),
      area: 'contracts',
      href: getOrganizationItemHref(href, 'contracts'),
      icon: <DescriptionOutlined />,
    },
  ];
  if (accessFor(roleId, 'read:insights'))
    items.push({
      label: t('nav.insights'),
      area: 'insights',
      href: getOrganizationItemHref(href, 'insights'),
      icon: <QueryStatsOutlined />,
    });
  if (accessFor(roleId, 'read:upload'))
    items.push({
      label: t('nav.uploads'),
      area: 'uploads',
      href: getOrganizationItemHref(href, 'uploads'),
      icon: <CloudUploadOutlined />,
    });
  if (accessFor(roleId, 'read:audit'))
    items.push({
      label: t('nav.auditTrail'),
      area: 'audits',
      href: getOrganizationItemHref(href, 'audits'),
      icon: <FactCheckOutlined />,
    });
  if (accessFor(roleId, 'manage:apikey'))
    items.push({
      label: t('nav.apiKeys'),
      area: 'api-keys',
      href: getOrganizationItemHref(href, 'api-keys'),
      icon: <KeyOutlined />,
    });
  if (accessFor(roleId, 'manage:webhook'))
    items.push({
      label: t('nav.webhooks'),
      area: 'webhooks',
      href: getOrganizationItemHref(href, 'webhooks'),
      icon: <WebhookOutlined />,
    });
  return { title: name ?? t('nav.yourOrganization'), items };
}

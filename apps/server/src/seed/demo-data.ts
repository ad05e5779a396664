import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import { ROLES, type RoleId } from '@laurel/contract/roles';

/** The password of every demo account (DESIGN §5). */
export const DEMO_PASSWORD = 'Laurel-demo-2026!';

export interface DemoOrganization {
  key: string;
  name: string;
  typeCode: string;
  loginMode: 'PASSWORD' | 'SSO';
  /** Company sign-in through SAML 2.0 (`npm run dev:saml-idp`) rather than OpenID Connect. */
  saml?: boolean;
  website: string | null;
  city: string;
  state: string;
  salesforceAccountId: string | null;
  insightsEntitled: boolean;
  credentials: Array<[code: string, name: string, typeCode: string, programCode: string]>;
}

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    key: 'platform',
    name: PLATFORM_ORGANIZATION_NAME,
    typeCode: 'PLATFORM',
    loginMode: 'PASSWORD',
    website: null,
    city: 'Chicago',
    state: 'IL',
    salesforceAccountId: null,
    insightsEntitled: true,
    credentials: [],
  },
  {
    key: 'northwind',
    name: 'Northwind Technical College',
    typeCode: 'TECHNICAL_COLLEGE',
    loginMode: 'PASSWORD',
    website: 'https://northwind.demo',
    city: 'Portland',
    state: 'OR',
    salesforceAccountId: '001DEMO0000NWTC01',
    insightsEntitled: true,
    credentials: [
      ['NW-RN-ADN', 'Registered Nursing (ADN)', 'ASSOCIATE', '51.3801'],
      ['NW-WELD-CERT', 'Welding Technology Certificate', 'CERTIFICATE', '48.0508'],
      ['NW-HVAC-CERT', 'HVAC-R Technician Certificate', 'CERTIFICATE', '47.0201'],
      ['NW-CYBER-AAS', 'Cybersecurity (AAS)', 'ASSOCIATE', '11.1003'],
      ['NW-CNA', 'Certified Nursing Assistant', 'LICENSE', '51.3902'],
      ['NW-MECH-AAS', 'Mechatronics (AAS)', 'ASSOCIATE', '15.0403'],
      ['NW-CDL-A', 'Commercial Driver License Class A', 'LICENSE', '49.0205'],
      ['NW-ACCT-CERT', 'Accounting Clerk Certificate', 'CERTIFICATE', '52.0302'],
    ],
  },
  {
    key: 'riverside',
    name: 'Riverside Community College',
    typeCode: 'COMMUNITY_COLLEGE',
    loginMode: 'PASSWORD',
    website: 'https://riverside.demo',
    city: 'Riverside',
    state: 'CA',
    salesforceAccountId: '001DEMO0000RVCC01',
    insightsEntitled: true,
    credentials: [
      ['RV-BUS-AA', 'Business Administration (AA)', 'ASSOCIATE', '52.0201'],
      ['RV-EMT', 'Emergency Medical Technician', 'CERTIFICATE', '51.0904'],
      ['RV-PARALEGAL', 'Paralegal Studies Certificate', 'CERTIFICATE', '22.0302'],
      ['RV-CS-AS', 'Computer Science (AS)', 'ASSOCIATE', '11.0701'],
      ['RV-ECE', 'Early Childhood Education Certificate', 'CERTIFICATE', '19.0708'],
      ['RV-AUTO-CERT', 'Automotive Technology Certificate', 'CERTIFICATE', '47.0604'],
    ],
  },
  {
    key: 'summit',
    name: 'Summit Skills Academy',
    typeCode: 'TRAINING_PROVIDER',
    loginMode: 'SSO',
    website: 'https://summit-skills.demo',
    city: 'Denver',
    state: 'CO',
    salesforceAccountId: '001DEMO0000SSA001',
    insightsEntitled: true,
    credentials: [
      ['SS-DATA-BOOT', 'Data Analytics Bootcamp', 'BADGE', '30.7001'],
      ['SS-CLOUD-PRAC', 'Cloud Practitioner Preparation', 'INDUSTRY_CERTIFICATION', '11.0902'],
      ['SS-PM', 'Project Management Essentials', 'INDUSTRY_CERTIFICATION', '52.0211'],
      ['SS-UX', 'UX Design Certificate', 'CERTIFICATE', '50.0409'],
    ],
  },
  {
    key: 'harbor',
    name: 'Harbor Health Certification Board',
    typeCode: 'CERTIFICATION_BODY',
    loginMode: 'PASSWORD',
    website: 'https://harbor-health.demo',
    city: 'Baltimore',
    state: 'MD',
    salesforceAccountId: '001DEMO0000HHCB01',
    insightsEntitled: false,
    credentials: [
      ['HH-CPT', 'Certified Phlebotomy Technician', 'INDUSTRY_CERTIFICATION', '51.1009'],
      ['HH-CMA', 'Certified Medical Assistant', 'INDUSTRY_CERTIFICATION', '51.0801'],
      ['HH-CPHT', 'Certified Pharmacy Technician', 'INDUSTRY_CERTIFICATION', '51.0805'],
    ],
  },
  {
    key: 'keystone',
    name: 'Keystone Trades Apprenticeship',
    typeCode: 'APPRENTICESHIP_SPONSOR',
    loginMode: 'PASSWORD',
    website: 'https://keystone-trades.demo',
    city: 'Pittsburgh',
    state: 'PA',
    salesforceAccountId: '001DEMO0000KTA001',
    insightsEntitled: true,
    credentials: [
      ['KT-ELEC-APP', 'Electrician Registered Apprenticeship', 'APPRENTICESHIP', '46.0302'],
      ['KT-PLUMB-APP', 'Plumber Registered Apprenticeship', 'APPRENTICESHIP', '46.0503'],
      ['KT-CARP-APP', 'Carpenter Registered Apprenticeship', 'APPRENTICESHIP', '46.0201'],
    ],
  },
  {
    // Signs in through its SAML identity provider only: its people come in just in time.
    key: 'lakeshore',
    name: 'Lakeshore State University',
    typeCode: 'COMMUNITY_COLLEGE',
    loginMode: 'SSO',
    saml: true,
    website: 'https://lakeshore-state.demo',
    city: 'Milwaukee',
    state: 'WI',
    salesforceAccountId: null,
    insightsEntitled: false,
    credentials: [
      ['LS-DATA-CERT', 'Data Science Certificate', 'CERTIFICATE', '30.7001'],
      ['LS-NURS-BSN', 'Nursing (BSN)', 'BACHELOR', '51.3801'],
    ],
  },
];

export interface DemoAccount {
  email: string;
  organizationKey: string;
  roleId: RoleId;
  firstName: string;
  lastName: string;
  title: string;
  /** Shown when the server starts in demo mode. */
  listed: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@laurel.demo',
    organizationKey: 'platform',
    roleId: ROLES.PLATFORM_ADMIN,
    firstName: 'Avery',
    lastName: 'Quinn',
    title: 'Platform Administrator',
    listed: true,
  },
  {
    email: 'orgadmin@northwind.demo',
    organizationKey: 'northwind',
    roleId: ROLES.ORGANIZATION_ADMIN,
    firstName: 'Jordan',
    lastName: 'Reyes',
    title: 'Registrar',
    listed: true,
  },
  {
    email: 'user@northwind.demo',
    organizationKey: 'northwind',
    roleId: ROLES.USER,
    firstName: 'Sam',
    lastName: 'Okafor',
    title: 'Career Services Advisor',
    listed: true,
  },
  {
    email: 'orgadmin@riverside.demo',
    organizationKey: 'riverside',
    roleId: ROLES.ORGANIZATION_ADMIN,
    firstName: 'Priya',
    lastName: 'Natarajan',
    title: 'Dean of Workforce Programs',
    listed: true,
  },
];

/** More fictional colleagues, so that user lists look lived in. */
export const DEMO_FIRST_NAMES = [
  'Alex',
  'Blake',
  'Casey',
  'Dana',
  'Emery',
  'Finley',
  'Gray',
  'Harper',
  'Indra',
  'Jules',
  'Kai',
  'Lena',
  'Mika',
  'Noor',
  'Oren',
  'Parker',
  'Rowan',
  'Sage',
  'Tatum',
  'Uma',
];
export const DEMO_LAST_NAMES = [
  'Abbott',
  'Bianchi',
  'Chen',
  'Delgado',
  'Eriksen',
  'Fofana',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Mensah',
  'Novak',
  'Ortiz',
  'Park',
  'Quispe',
  'Rossi',
  'Singh',
  'Tanaka',
];

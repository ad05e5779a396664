import { SCHEMAS, SCIM_MAX_RESULTS } from './scim-resources.ts';

/**
 * What Laurel's SCIM service supports (RFC 7643 §5–7): the ServiceProviderConfig, the two resource
 * types, and the schemas of the attributes Laurel keeps. A directory reads them when it is set up.
 */

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact?: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness?: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
  canonicalValues?: string[];
  referenceTypes?: string[];
};

const text = (name: string, description: string, extra: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const USER_ATTRIBUTES: Attribute[] = [
  text('userName', 'What the directory calls the person, unique within the organization.', {
    required: true,
    uniqueness: 'server',
  }),
  {
    name: 'name',
    type: 'complex',
    multiValued: false,
    description: "The person's name as Laurel shows it.",
    required: false,
    mutability: 'readWrite',
    returned: 'default',
    subAttributes: [
      text('formatted', 'The full name (given, then family name).', { mutability: 'readOnly' }),
      text('familyName', 'The family name (last name).'),
      text('givenName', 'The given name (first name).'),
    ],
  },
  text('displayName', 'The name shown for the person (given and family name).', {
    mutability: 'readOnly',
  }),
  text('title', "The person's title, e.g. Registrar."),
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    description:
      'The one work e-mail address the person signs in with; Laurel keeps exactly one e-mail address.',
    required: true,
    mutability: 'readWrite',
    returned: 'default',
    subAttributes: [
      text('value', 'The e-mail address.', { uniqueness: 'global' }),
      text('type', 'Always work.', { canonicalValues: ['work'] }),
      {
        name: 'primary',
        type: 'boolean',
        multiValued: false,
        description: 'Always true.',
        required: false,
        mutability: 'readWrite',
        returned: 'default',
      },
    ],
  },
  {
    name: 'active',
    type: 'boolean',
    multiValued: false,
    description: 'Whether the person may sign in; false signs them out everywhere.',
    required: false,
    mutability: 'readWrite',
    returned: 'default',
  },
  text('password', 'A first password for password sign-in (never returned).', {
    mutability: 'writeOnly',
    returned: 'never',
    caseExact: true,
  }),
  {
    name: 'groups',
    type: 'complex',
    multiValued: true,
    description: "The person's role, as a group; changed through the group's members.",
    required: false,
    mutability: 'readOnly',
    returned: 'default',
    subAttributes: [
      text('value', 'The group id.', { mutability: 'readOnly' }),
      {
        ...text('$ref', 'The group.', { mutability: 'readOnly' }),
        type: 'reference',
        referenceTypes: ['Group'],
      },
      text('display', "The role's name.", { mutability: 'readOnly' }),
      text('type', 'Always direct.', { mutability: 'readOnly', canonicalValues: ['direct'] }),
    ],
  },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  text('displayName', "The role's name: Organization Admin or User.", {
    required: true,
    mutability: 'readOnly',
    uniqueness: 'server',
  }),
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    description: 'The people who have this role.',
    required: false,
    mutability: 'readWrite',
    returned: 'default',
    subAttributes: [
      text('value', "The member's id.", { mutability: 'immutable' }),
      {
        ...text('$ref', 'The member.', { mutability: 'immutable' }),
        type: 'reference',
        referenceTypes: ['User'],
      },
      text('display', "The member's name.", { mutability: 'readOnly' }),
      text('type', 'Always User.', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  },
];

export function schemasOf(base: string) {
  const schema = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: [SCHEMAS.schema],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  });
  return [
    schema(SCHEMAS.user, 'User', 'A person of the organization', USER_ATTRIBUTES),
    schema(SCHEMAS.group, 'Group', "A role of the organization's people", GROUP_ATTRIBUTES),
  ];
}

export function resourceTypesOf(base: string) {
  return [
    {
      schemas: [SCHEMAS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the organization',
      schema: SCHEMAS.user,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [SCHEMAS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: "A role of the organization's people: Organization Admin or User",
      schema: SCHEMAS.group,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

export function serviceProviderConfigOf(base: string) {
  return {
    schemas: [SCHEMAS.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          "A SCIM token of the organization (laurel_scim_…), made by its admins on the organization's SSO settings",
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${base}/ServiceProviderConfig`,
    },
  };
}

import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test } from 'vitest';

import { createCognitoIdentityAdmin } from './cognito-admin.ts';

function fakeClient(responses: Record<string, unknown> = {}) {
  const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
  return {
    sent,
    async send(command: object) {
      const name = command.constructor.name;
      sent.push({ name, input: (command as { input: Record<string, unknown> }).input });
      return responses[name] ?? {};
    },
  };
}

const poolId = 'eu-west-1_AbC123';

test('createUser sends AdminCreateUser (suppressed invitation), a permanent password and groups', async () => {
  const client = fakeClient({ AdminCreateUserCommand: { User: { Username: 'uuid-1' } } });
  const admin = createCognitoIdentityAdmin({ poolId, client });
  const result = await admin.createUser({
    email: 'Ada@Example.com',
    password: 'Laurel-demo-2026!',
    groups: ['Admins'],
    attributes: { given_name: 'Ada' },
  });
  expect(result).toEqual({ username: 'uuid-1' });
  expect(client.sent.map((c) => c.name)).toEqual([
    AdminCreateUserCommand.name,
    AdminSetUserPasswordCommand.name,
    AdminAddUserToGroupCommand.name,
  ]);
  expect(client.sent[0]!.input).toMatchObject({
    UserPoolId: poolId,
    Username: 'ada@example.com',
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: 'ada@example.com' },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: 'Ada' },
    ],
  });
  expect(client.sent[1]!.input).toEqual({
    UserPoolId: poolId,
    Username: 'uuid-1',
    Password: 'Laurel-demo-2026!',
    Permanent: true,
  });
  expect(client.sent[2]!.input).toEqual({
    UserPoolId: poolId,
    Username: 'uuid-1',
    GroupName: 'Admins',
  });
});

test('disableUser disables and signs out everywhere; resetMfa turns TOTP off', async () => {
  const client = fakeClient();
  const admin = createCognitoIdentityAdmin({ poolId, client });
  await admin.disableUser('u1');
  await admin.resetMfa('u1');
  await admin.globalSignOut('u1');
  expect(client.sent.map((c) => c.name)).toEqual([
    AdminDisableUserCommand.name,
    AdminUserGlobalSignOutCommand.name,
    AdminSetUserMFAPreferenceCommand.name,
    AdminUserGlobalSignOutCommand.name,
  ]);
  expect(client.sent[2]!.input).toEqual({
    UserPoolId: poolId,
    Username: 'u1',
    SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
  });
});

test('setGroups adds the missing groups and removes the others', async () => {
  const client = fakeClient({
    AdminListGroupsForUserCommand: { Groups: [{ GroupName: 'Old' }, { GroupName: 'Admins' }] },
  });
  const admin = createCognitoIdentityAdmin({ poolId, client });
  await admin.setGroups('u1', ['Admins', 'New']);
  expect(client.sent.map((c) => [c.name, c.input.GroupName])).toEqual([
    [AdminListGroupsForUserCommand.name, undefined],
    [AdminAddUserToGroupCommand.name, 'New'],
    [AdminRemoveUserFromGroupCommand.name, 'Old'],
  ]);
});

test('getUserByEmail filters ListUsers by e-mail and maps the user', async () => {
  const client = fakeClient({
    ListUsersCommand: {
      Users: [
        {
          Username: 'uuid-2',
          Enabled: false,
          UserStatus: 'FORCE_CHANGE_PASSWORD',
          Attributes: [
            { Name: 'email', Value: 'bo@example.com' },
            { Name: 'given_name', Value: 'Bo' },
            { Name: 'custom:mfa_required', Value: '1' },
          ],
        },
      ],
    },
    AdminListGroupsForUserCommand: { Groups: [{ GroupName: 'Admins' }] },
  });
  const admin = createCognitoIdentityAdmin({ poolId, client });
  const user = await admin.getUserByEmail(' BO@example.com ');
  expect(client.sent[0]).toEqual({
    name: ListUsersCommand.name,
    input: { UserPoolId: poolId, Filter: 'email = "bo@example.com"', Limit: 1 },
  });
  expect(user).toMatchObject({
    username: 'uuid-2',
    email: 'bo@example.com',
    enabled: false,
    status: 'FORCE_CHANGE_PASSWORD',
    groups: ['Admins'],
    mfaRequired: true,
    attributes: { given_name: 'Bo' },
  });
});

test('getUserByEmail returns undefined when nobody matches', async () => {
  const admin = createCognitoIdentityAdmin({
    poolId,
    client: fakeClient({ ListUsersCommand: { Users: [] } }),
  });
  expect(await admin.getUserByEmail('nobody@example.com')).toBeUndefined();
});

test('getUserByEmail reads the MFA settings with AdminGetUser', async () => {
  const client = fakeClient({
    ListUsersCommand: { Users: [{ Username: 'uuid-3', Attributes: [] }] },
    AdminGetUserCommand: { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] },
  });
  const admin = createCognitoIdentityAdmin({ poolId, client });
  expect(await admin.getUserByEmail('cy@example.com')).toMatchObject({ mfaEnabled: true });
  expect(client.sent.find((c) => c.name === AdminGetUserCommand.name)?.input).toEqual({
    UserPoolId: poolId,
    Username: 'uuid-3',
  });
});

test('verifyFactor checks the password with AdminInitiateAuth and revokes the tokens it got', async () => {
  const client = fakeClient({
    AdminInitiateAuthCommand: { AuthenticationResult: { RefreshToken: 'refresh-1' } },
  });
  const admin = createCognitoIdentityAdmin({ poolId, client, clientId: 'web-client' });
  await admin.verifyFactor('uuid-4', { password: 'Correct-horse-2026!' });
  expect(client.sent).toEqual([
    {
      name: AdminInitiateAuthCommand.name,
      input: {
        UserPoolId: poolId,
        ClientId: 'web-client',
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'uuid-4', PASSWORD: 'Correct-horse-2026!' },
      },
    },
    { name: RevokeTokenCommand.name, input: { ClientId: 'web-client', Token: 'refresh-1' } },
  ]);
});

test('verifyFactor answers a right password of a user with MFA (a challenge) without revoking', async () => {
  const client = fakeClient({
    AdminInitiateAuthCommand: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's' },
  });
  const admin = createCognitoIdentityAdmin({ poolId, client, clientId: 'web-client' });
  await admin.verifyFactor('uuid-5', { password: 'Correct-horse-2026!' });
  expect(client.sent.map((c) => c.name)).toEqual([AdminInitiateAuthCommand.name]);
});

test('verifyFactor passes on a wrong password, and refuses a code alone, which AWS cannot check', async () => {
  const wrong = Object.assign(new Error('Incorrect username or password.'), {
    name: 'NotAuthorizedException',
  });
  const client = {
    sent: [] as string[],
    async send(command: object) {
      this.sent.push(command.constructor.name);
      throw wrong;
    },
  };
  const admin = createCognitoIdentityAdmin({ poolId, client, clientId: 'web-client' });
  await expect(admin.verifyFactor('uuid-6', { password: 'nope' })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  await expect(admin.verifyFactor('uuid-6', { code: '123456' })).rejects.toMatchObject({
    name: 'InvalidParameterException',
  });
  expect(client.sent).toEqual([AdminInitiateAuthCommand.name]);
});

test('a SAML provider is a Cognito SAML identity provider; the pool is one service provider', async () => {
  const missing = Object.assign(new Error('not found'), { name: 'ResourceNotFoundException' });
  const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
  const client = {
    async send(command: object) {
      const name = command.constructor.name;
      sent.push({ name, input: (command as { input: Record<string, unknown> }).input });
      if (name === 'DescribeIdentityProviderCommand') throw missing;
      return {};
    },
  };
  const admin = createCognitoIdentityAdmin({
    poolId,
    client,
    domain: 'https://laurel.auth.eu-west-1.amazoncognito.com/',
  });
  await admin.upsertSamlProvider({
    name: 'org-7',
    metadataXml: '<EntityDescriptor/>',
    metadataUrl: 'https://idp.example.edu/metadata',
  });
  expect(sent.map((s) => s.name)).toEqual([
    'DescribeIdentityProviderCommand',
    'CreateIdentityProviderCommand',
  ]);
  expect(sent[1]!.input).toMatchObject({
    UserPoolId: poolId,
    ProviderName: 'org-7',
    ProviderType: 'SAML',
    ProviderDetails: {
      MetadataURL: 'https://idp.example.edu/metadata',
      IDPSignout: 'false',
      RequestSigningAlgorithm: 'rsa-sha256',
    },
    AttributeMapping: { email: 'urn:oid:0.9.2342.19200300.100.1.3' },
  });
  const sp = await admin.samlServiceProvider('org-7');
  expect(sp).toMatchObject({
    entityId: `urn:amazon:cognito:sp:${poolId}`,
    acsUrl: 'https://laurel.auth.eu-west-1.amazoncognito.com/saml2/idpresponse',
    certificate: null,
  });
  expect(sp.metadataXml).toContain(`entityID="urn:amazon:cognito:sp:${poolId}"`);
  expect(sp.metadataXml).toContain(
    'Location="https://laurel.auth.eu-west-1.amazoncognito.com/saml2/idpresponse"',
  );
});

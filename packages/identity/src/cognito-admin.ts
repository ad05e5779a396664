/**
 * IdentityAdmin over a real AWS Cognito user pool (AWS SDK v3). Unit tests drive it with a fake
 * client and check the commands it sends; against AWS itself it runs only in production.
 *
 * Assumptions about the pool: e-mail is the sign-in username attribute (Cognito then assigns a
 * UUID username = `sub`), and a custom attribute `custom:mfa_required` exists when per-user
 * required MFA is used. Cognito itself does not force a single user through MFA setup: enforce it
 * with the pool's MFA set to ON, or with a Lambda trigger that reads this attribute.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  DeleteIdentityProviderCommand,
  DescribeIdentityProviderCommand,
  ListUsersCommand,
  RevokeTokenCommand,
  UpdateIdentityProviderCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';

import type { IdentityAdmin, IdentityUser } from './admin.ts';
import { IdentityError } from './errors.ts';
import type { UserStatus } from './repository.ts';

/** The part of the SDK client this module uses, so tests can pass a fake. */
export interface CognitoClientLike {
  send(command: object): Promise<unknown>;
}

export interface CognitoIdentityAdminOptions {
  /** The Cognito user pool id, `<region>_<id>`. */
  poolId: string;
  /** AWS region; defaults to the part of the pool id before `_`. */
  region?: string;
  /**
   * The app client (public, without a secret, with ALLOW_ADMIN_USER_PASSWORD_AUTH) whose
   * AdminInitiateAuth checks a password before a security change.
   */
  clientId?: string;
  /** The pool's domain (`https://…`), whose `/saml2/idpresponse` is the SAML ACS. */
  domain?: string;
  client?: CognitoClientLike;
}

export const MFA_REQUIRED_ATTRIBUTE = 'custom:mfa_required';

function attribute(attributes: AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

function toStatus(status: string | undefined): UserStatus {
  return status === 'FORCE_CHANGE_PASSWORD' ||
    status === 'RESET_REQUIRED' ||
    status === 'EXTERNAL_PROVIDER'
    ? status
    : 'CONFIRMED';
}

/**
 * @example const admin = createCognitoIdentityAdmin({ poolId: 'eu-west-1_AbC123' })
 */
export function createCognitoIdentityAdmin(options: CognitoIdentityAdminOptions): IdentityAdmin {
  const UserPoolId = options.poolId;
  const client: CognitoClientLike =
    options.client ??
    new CognitoIdentityProviderClient({ region: options.region ?? UserPoolId.split('_')[0] });
  const send = <T>(command: object) => client.send(command) as Promise<T>;

  async function groupsOf(Username: string): Promise<string[]> {
    const groups: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await send<{ Groups?: { GroupName?: string }[]; NextToken?: string }>(
        new AdminListGroupsForUserCommand({ UserPoolId, Username, NextToken }),
      );
      for (const group of page.Groups ?? []) if (group.GroupName) groups.push(group.GroupName);
      NextToken = page.NextToken;
    } while (NextToken);
    return groups;
  }

  return {
    async createUser(input) {
      const email = input.email.trim().toLowerCase();
      const attributes: AttributeType[] = [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        ...Object.entries(input.attributes ?? {}).map(([Name, Value]) => ({ Name, Value })),
      ];
      if (input.mfaRequired) attributes.push({ Name: MFA_REQUIRED_ATTRIBUTE, Value: '1' });
      const created = await send<{ User?: UserType }>(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: email,
          UserAttributes: attributes,
          // Laurel sends its own invitation e-mails.
          MessageAction: 'SUPPRESS',
          ...(input.temporaryPassword !== undefined
            ? { TemporaryPassword: input.temporaryPassword }
            : {}),
        }),
      );
      const username = created.User?.Username;
      if (!username) throw new Error('AdminCreateUser returned no username');
      if (input.password !== undefined) {
        await send(
          new AdminSetUserPasswordCommand({
            UserPoolId,
            Username: username,
            Password: input.password,
            Permanent: true,
          }),
        );
      }
      for (const GroupName of input.groups ?? []) {
        await send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName }));
      }
      return { username };
    },

    async setPassword(Username, Password, Permanent) {
      await send(new AdminSetUserPasswordCommand({ UserPoolId, Username, Password, Permanent }));
    },

    async disableUser(Username) {
      await send(new AdminDisableUserCommand({ UserPoolId, Username }));
      await send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username }));
    },

    async enableUser(Username) {
      await send(new AdminEnableUserCommand({ UserPoolId, Username }));
    },

    async resetMfa(Username) {
      await send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId,
          Username,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      );
    },

    /**
     * AWS Cognito has no way to check a TOTP code outside a sign-in that began with the password,
     * so the password is the proof: AdminInitiateAuth with it answers tokens or the next
     * challenge (the code) when it is right, NotAuthorizedException when it is wrong. Tokens it
     * issues are revoked at once.
     */
    async verifyFactor(Username, proof) {
      if (!('password' in proof))
        throw new IdentityError(
          'InvalidParameterException',
          'With AWS Cognito, confirm with your password: a code alone cannot be checked.',
        );
      const ClientId = options.clientId;
      if (!ClientId) throw new Error('verifyFactor needs the app client id (clientId)');
      const result = await send<{ AuthenticationResult?: { RefreshToken?: string } }>(
        new AdminInitiateAuthCommand({
          UserPoolId,
          ClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: Username, PASSWORD: proof.password },
        }),
      );
      const Token = result.AuthenticationResult?.RefreshToken;
      if (Token) await send(new RevokeTokenCommand({ ClientId, Token }));
    },

    async setMfaRequired(Username, required) {
      await send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId,
          Username,
          UserAttributes: [{ Name: MFA_REQUIRED_ATTRIBUTE, Value: required ? '1' : '0' }],
        }),
      );
    },

    async globalSignOut(Username) {
      await send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username }));
    },

    async setGroups(Username, groups) {
      const current = new Set(await groupsOf(Username));
      const wanted = new Set(groups);
      for (const GroupName of wanted) {
        if (!current.has(GroupName))
          await send(new AdminAddUserToGroupCommand({ UserPoolId, Username, GroupName }));
      }
      for (const GroupName of current) {
        if (!wanted.has(GroupName))
          await send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username, GroupName }));
      }
    },

    async deleteUser(Username) {
      await send(new AdminDeleteUserCommand({ UserPoolId, Username }));
    },

    async upsertIdentityProvider(input) {
      const ProviderDetails: Record<string, string> = {
        client_id: input.clientId,
        authorize_scopes: input.scopes ?? 'openid email profile',
        oidc_issuer: input.issuer,
        attributes_request_method: 'GET',
      };
      let exists = true;
      try {
        const found = await send<{
          IdentityProvider?: { ProviderDetails?: Record<string, string> };
        }>(new DescribeIdentityProviderCommand({ UserPoolId, ProviderName: input.name }));
        // Cognito wants the whole details map on update: keep the secret unless a new one is given.
        const secret = found.IdentityProvider?.ProviderDetails?.client_secret;
        if (input.clientSecret === undefined && secret) ProviderDetails.client_secret = secret;
      } catch (error) {
        if ((error as Error).name !== 'ResourceNotFoundException') throw error;
        exists = false;
      }
      if (input.clientSecret) ProviderDetails.client_secret = input.clientSecret;
      const AttributeMapping = {
        email: 'email',
        email_verified: 'email_verified',
        given_name: 'given_name',
        family_name: 'family_name',
      };
      await send(
        exists
          ? new UpdateIdentityProviderCommand({
              UserPoolId,
              ProviderName: input.name,
              ProviderDetails,
              AttributeMapping,
            })
          : new CreateIdentityProviderCommand({
              UserPoolId,
              ProviderName: input.name,
              ProviderType: 'OIDC',
              ProviderDetails,
              AttributeMapping,
            }),
      );
    },

    async deleteIdentityProvider(ProviderName) {
      try {
        await send(new DeleteIdentityProviderCommand({ UserPoolId, ProviderName }));
      } catch (error) {
        if ((error as Error).name !== 'ResourceNotFoundException') throw error;
      }
    },

    async upsertSamlProvider(input) {
      // Cognito's SAML provider: its metadata as a file (Cognito re-reads a MetadataURL itself).
      const ProviderDetails: Record<string, string> = input.metadataUrl
        ? { MetadataURL: input.metadataUrl }
        : { MetadataFile: input.metadataXml };
      ProviderDetails.IDPSignout = 'false';
      ProviderDetails.EncryptedResponses = 'true';
      ProviderDetails.RequestSigningAlgorithm = 'rsa-sha256';
      // Cognito maps one SAML attribute to each pool attribute: the eduPerson names by default.
      const AttributeMapping = input.attributeMapping ?? {
        email: 'urn:oid:0.9.2342.19200300.100.1.3',
        given_name: 'urn:oid:2.5.4.42',
        family_name: 'urn:oid:2.5.4.4',
      };
      let exists = true;
      try {
        await send(new DescribeIdentityProviderCommand({ UserPoolId, ProviderName: input.name }));
      } catch (error) {
        if ((error as Error).name !== 'ResourceNotFoundException') throw error;
        exists = false;
      }
      await send(
        exists
          ? new UpdateIdentityProviderCommand({
              UserPoolId,
              ProviderName: input.name,
              ProviderDetails,
              AttributeMapping,
            })
          : new CreateIdentityProviderCommand({
              UserPoolId,
              ProviderName: input.name,
              ProviderType: 'SAML',
              ProviderDetails,
              AttributeMapping,
            }),
      );
    },

    async deleteSamlProvider(ProviderName) {
      try {
        await send(new DeleteIdentityProviderCommand({ UserPoolId, ProviderName }));
      } catch (error) {
        if ((error as Error).name !== 'ResourceNotFoundException') throw error;
      }
    },

    /** One service provider for the whole pool, as Cognito has it (its domain's ACS). */
    async samlServiceProvider() {
      const entityId = `urn:amazon:cognito:sp:${UserPoolId}`;
      const acsUrl = options.domain
        ? `${options.domain.replace(/\/+$/, '')}/saml2/idpresponse`
        : '';
      const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      return {
        entityId,
        acsUrl,
        certificate: null,
        metadataXml:
          `<?xml version="1.0"?>\n<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escape(entityId)}">` +
          `<SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="true" WantAssertionsSigned="true">` +
          `<AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escape(acsUrl)}" index="1"/>` +
          `</SPSSODescriptor></EntityDescriptor>\n`,
      };
    },

    async getUserByEmail(email): Promise<IdentityUser | undefined> {
      const normalized = email.trim().toLowerCase().replace(/["\\]/g, '');
      const { Users } = await send<{ Users?: UserType[] }>(
        new ListUsersCommand({ UserPoolId, Filter: `email = "${normalized}"`, Limit: 1 }),
      );
      const user = Users?.[0];
      if (!user?.Username) return undefined;
      const attributes: Record<string, string> = {};
      for (const { Name, Value } of user.Attributes ?? []) {
        if (
          Name &&
          Value !== undefined &&
          !['sub', 'email', 'email_verified', MFA_REQUIRED_ATTRIBUTE].includes(Name)
        )
          attributes[Name] = Value;
      }
      // ListUsers does not report MFA settings; AdminGetUser does.
      const settings =
        (
          await send<{ UserMFASettingList?: string[] }>(
            new AdminGetUserCommand({ UserPoolId, Username: user.Username }),
          )
        ).UserMFASettingList ?? [];
      return {
        username: user.Username,
        email: attribute(user.Attributes, 'email') ?? normalized,
        enabled: user.Enabled ?? true,
        status: toStatus(user.UserStatus),
        groups: await groupsOf(user.Username),
        attributes,
        mfaRequired: attribute(user.Attributes, MFA_REQUIRED_ATTRIBUTE) === '1',
        mfaEnabled: settings.includes('SOFTWARE_TOKEN_MFA'),
        emailMfaEnabled: settings.includes('EMAIL_OTP'),
        createdAt: user.UserCreateDate ?? new Date(0),
      };
    },
  };
}

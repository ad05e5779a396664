/**
 * Schema of the embedded user pool. Frozen in time: never import application code here.
 * Only types both SQLite and PostgreSQL share are used (text keys, integer flags, bigint epoch
 * milliseconds), so the same migration runs on both dialects without dialect checks.
 */
import type { Kysely, Migration } from 'kysely';

export const identityMigrations: Record<string, Migration> = {
  '20261121T1300-identity-users': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('identity_users')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('srp_salt', 'text', (c) => c.notNull())
        .addColumn('srp_verifier', 'text', (c) => c.notNull())
        .addColumn('password_set_at', 'bigint', (c) => c.notNull())
        .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('mfa_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('totp_secret', 'text')
        .addColumn('totp_pending_secret', 'text')
        .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('totp_preferred', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('totp_last_step', 'bigint')
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('identity_users').execute();
    },
  },
  '20261121T1301-identity-sessions': {
    async up(db: Kysely<any>) {
      // One row per sign-in ("origin_jti" family): its refresh token, hashed, and its revocation.
      await db.schema
        .createTable('identity_sessions')
        .addColumn('origin_jti', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) =>
          c.notNull().references('identity_users.username').onDelete('cascade'),
        )
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('refresh_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('device_key', 'text')
        .addColumn('auth_time', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('identity_sessions_username_idx')
        .on('identity_sessions')
        .column('username')
        .execute();

      // Sign-in steps in progress (NEW_PASSWORD_REQUIRED, MFA, device): the opaque Session string.
      await db.schema
        .createTable('identity_auth_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) =>
          c.notNull().references('identity_users.username').onDelete('cascade'),
        )
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('identity_auth_sessions_expires_idx')
        .on('identity_auth_sessions')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('identity_auth_sessions').execute();
      await db.schema.dropTable('identity_sessions').execute();
    },
  },
  '20261121T1302-identity-devices-codes-keys': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('identity_devices')
        .addColumn('device_key', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) =>
          c.notNull().references('identity_users.username').onDelete('cascade'),
        )
        .addColumn('device_group_key', 'text', (c) => c.notNull())
        .addColumn('srp_salt', 'text')
        .addColumn('srp_verifier', 'text')
        .addColumn('name', 'text')
        .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remembered', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('identity_devices_username_idx')
        .on('identity_devices')
        .column('username')
        .execute();

      await db.schema
        .createTable('identity_reset_codes')
        .addColumn('username', 'text', (c) =>
          c.primaryKey().references('identity_users.username').onDelete('cascade'),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('identity_signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('retired_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('identity_signing_keys').execute();
      await db.schema.dropTable('identity_reset_codes').execute();
      await db.schema.dropTable('identity_devices').execute();
    },
  },
  '20261121T1705-identity-federation': {
    async up(db: Kysely<any>) {
      // Company (OIDC) providers the pool signs people in through; the client secret is sealed.
      await db.schema
        .createTable('identity_providers')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_secret', 'text')
        .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('openid email profile'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      // A trip to a provider in progress: our PKCE verifier and nonce, the app's redirect and state.
      await db.schema
        .createTable('identity_oauth_requests')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('client_state', 'text')
        .addColumn('code_challenge', 'text')
        .addColumn('code_challenge_method', 'text')
        .addColumn('pkce_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();

      // One-time authorization codes the pool gives the app (stored hashed).
      await db.schema
        .createTable('identity_oauth_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) =>
          c.notNull().references('identity_users.username').onDelete('cascade'),
        )
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('code_challenge_method', 'text')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('identity_oauth_codes').execute();
      await db.schema.dropTable('identity_oauth_requests').execute();
      await db.schema.dropTable('identity_providers').execute();
    },
  },
  '20261127T0900-identity-passwordless': {
    async up(db: Kysely<any>) {
      // E-mailed codes as a second factor, and the name given to the authenticator app.
      await db.schema
        .alterTable('identity_users')
        .addColumn('email_mfa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('identity_users')
        .addColumn('email_mfa_preferred', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('identity_users').addColumn('totp_device_name', 'text').execute();

      // Passkeys (WebAuthn credentials): the public key, its signature counter, and when it was used.
      await db.schema
        .createTable('identity_webauthn_credentials')
        .addColumn('credential_id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) =>
          c.notNull().references('identity_users.username').onDelete('cascade'),
        )
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('attachment', 'text')
        .addColumn('friendly_name', 'text')
        .addColumn('relying_party_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('identity_webauthn_credentials_username_idx')
        .on('identity_webauthn_credentials')
        .columns(['username', 'created_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('identity_webauthn_credentials').execute();
      await db.schema.alterTable('identity_users').dropColumn('totp_device_name').execute();
      await db.schema.alterTable('identity_users').dropColumn('email_mfa_preferred').execute();
      await db.schema.alterTable('identity_users').dropColumn('email_mfa_enabled').execute();
    },
  },
  '20261129T1200-identity-saml': {
    async up(db: Kysely<any>) {
      // SAML identity providers (one per organization), from their metadata.
      await db.schema
        .createTable('identity_saml_providers')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('sso_url', 'text', (c) => c.notNull())
        .addColumn('metadata_url', 'text')
        .addColumn('metadata_xml', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The pool's key and certificate as a SAML service provider (the key sealed).
      await db.schema
        .createTable('identity_saml_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('certificate', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // AuthnRequest ids awaiting their answer and consumed assertion ids, shared by instances.
      await db.schema
        .createTable('identity_saml_messages')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('identity_saml_messages_expires_idx')
        .on('identity_saml_messages')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('identity_saml_messages').execute();
      await db.schema.dropTable('identity_saml_keys').execute();
      await db.schema.dropTable('identity_saml_providers').execute();
    },
  },
};

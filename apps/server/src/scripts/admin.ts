// `npm run admin -- <command>`: the first platform admin of a new installation and the account
// actions an operator needs from a shell (docs/operations.md). Uses the server's configuration
// (the same environment variables) and the identity pool it is configured with.
import { parseArgs } from 'node:util';
import { pino } from 'pino';

import { AdminCommandError, createAdminCommands } from '../admin-commands.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest, serverMigrations } from '../db/migrations.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from '../identity.ts';
import { createOpenBadges } from '../modules/open-badges/open-badges.ts';
import { createOrganizationsRepository } from '../modules/organizations/organizations.repository.ts';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-platform-admin --email <address> [--first-name <name>] [--last-name <name>]
      Creates a platform admin in the platform organization and prints a one-time temporary
      password; they choose their own at the first sign-in. Refused if the address is taken.
  reset-mfa --email <address>      Removes the person's authenticator app.
  disable-user --email <address>   Deactivates the person and signs them out everywhere.
  enable-user --email <address>    Activates the person again.
  rotate-signing-key               A new key signs the embedded pool's tokens from now on (every
                                   instance within a minute); tokens signed before stay valid
                                   until they expire.
  rotate-issuer-key --organization <id>
                                   A new key signs the organization's Open Badges credentials
                                   from now on; the retired key stays published in its did:web
                                   document, so credentials it signed still verify.
  check-insights [--organization <id>]
                                   Queues the consistency check of the organization's stored
                                   insights (of every organization with insights, without
                                   --organization) to run now; a running Laurel runs it.
  rebuild-insights --organization <id>
                                   Queues a full rebuild of the organization's insights: it
                                   reads every award again, none from the blocks kept by earlier
                                   rebuilds; a running Laurel runs it.
  help                             Shows this text.

The command uses the server's environment (DATABASE_URL, IDENTITY, SECRET_KEY, …).`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
if (!command || command === 'help' || command === '--help' || command === '-h') {
  console.log(USAGE);
  process.exit(0);
}
const COMMANDS = [
  'create-platform-admin',
  'reset-mfa',
  'disable-user',
  'enable-user',
  'rotate-signing-key',
  'rotate-issuer-key',
  'check-insights',
  'rebuild-insights',
] as const;
if (!(COMMANDS as readonly string[]).includes(command))
  fail(`Unknown command "${command}".\n\n${USAGE}`, 2);

let values: {
  email?: string;
  'first-name'?: string;
  'last-name'?: string;
  organization?: string;
};
try {
  ({ values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      organization: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`, 2);
}
if (command !== 'create-platform-admin' && (values['first-name'] || values['last-name']))
  fail(`${command} takes only --email.\n\n${USAGE}`, 2);
if (command === 'rotate-signing-key' && values.email)
  fail(`rotate-signing-key takes no options.\n\n${USAGE}`, 2);
if ((command === 'check-insights' || command === 'rebuild-insights') && values.email)
  fail(`${command} takes only --organization.\n\n${USAGE}`, 2);
const needsOrganization = command === 'rotate-issuer-key' || command === 'rebuild-insights';
if (command !== 'check-insights' && needsOrganization !== (values.organization !== undefined))
  fail(
    needsOrganization
      ? `${command} needs --organization <id>.\n\n${USAGE}`
      : `Only rotate-issuer-key, check-insights and rebuild-insights take --organization.\n\n${USAGE}`,
    2,
  );

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const database = createDatabase(config.databaseUrl);
try {
  try {
    await migrateToLatest(database.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
  } catch (error) {
    fail(
      `Cannot use the database at DATABASE_URL (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}): ${(error as Error).message}`,
    );
  }
  const identity = await createIdentity(config, database, pino({ level: 'warn' }));
  const commands = createAdminCommands({
    db: database.db,
    identity: identity.admin,
    identityMode: config.identity.mode,
    demoMode: config.demoMode,
    publicUrl: config.publicUrl,
  });
  if (command === 'rotate-issuer-key') {
    const organizationId = Number(values.organization);
    if (!Number.isSafeInteger(organizationId) || organizationId <= 0)
      fail(`--organization must be an organization's id (a whole number).`, 2);
    const organizationName = await createOrganizationsRepository(database.db).nameOf(
      organizationId,
    );
    if (organizationName === undefined) fail(`No organization has the id ${organizationId}.`);
    const badges = createOpenBadges({
      db: database.db,
      dialect: database.dialect,
      publicUrl: config.publicUrl,
      secretKey: config.secretKey,
    });
    const issuer = await badges.issuer();
    const key = await issuer.rotateKey(organizationId);
    console.log(
      [
        `New issuer key for ${organizationName}: ${key}`,
        'It signs credentials and status lists from now on; the previous key stays published, so',
        'the credentials it signed still verify.',
      ].join('\n'),
    );
  } else if (command === 'check-insights') {
    console.log(
      await commands.checkInsights(
        values.organization === undefined ? {} : { organization: values.organization },
      ),
    );
  } else if (command === 'rebuild-insights') {
    console.log(await commands.rebuildInsights({ organization: values.organization }));
  } else if (command === 'rotate-signing-key') {
    if (!identity.signingKeys)
      fail('AWS Cognito signs its own tokens and rotates its keys itself: nothing to rotate here.');
    const { kid, retired } = await identity.signingKeys.rotate();
    console.log(
      [
        `New signing key ${kid}: every instance signs with it within a minute.`,
        retired.length > 0
          ? `Keys no longer published (their tokens have expired): ${retired.join(', ')}.`
          : 'The previous keys stay published until the tokens they signed have expired.',
      ].join('\n'),
    );
  } else if (command === 'create-platform-admin') {
    const created = await commands.createPlatformAdmin({
      email: values.email,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    console.log(
      [
        `Created platform admin ${created.email}.`,
        '',
        `  Temporary password (shown this once): ${created.temporaryPassword}`,
        `  Sign in at ${created.signInUrl}; Laurel then asks for a new password.`,
        '',
        'Hand the password over in person or by a separate channel.',
      ].join('\n'),
    );
  } else {
    const options = { email: values.email };
    const done =
      command === 'reset-mfa'
        ? await commands.resetMfa(options)
        : command === 'disable-user'
          ? await commands.disableUser(options)
          : await commands.enableUser(options);
    console.log(done);
  }
} catch (error) {
  if (error instanceof AdminCommandError || error instanceof ConfigError) fail(error.message);
  const name = (error as Error).name;
  if (name === 'UsernameExistsException')
    fail('The identity pool already has an account with this e-mail address.');
  fail(`The command failed: ${(error as Error).message}`);
} finally {
  await database.destroy();
}

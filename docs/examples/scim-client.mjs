/* eslint-disable no-console -- a command-line example prints what it did */
/**
 * A scripted SCIM client, as an institution's directory would call Laurel (docs/sso.md): it
 * provisions a person with a password, the person signs in, the client deactivates them, and the
 * script measures how long the signed-in session still works (Laurel promises under a second).
 *
 *   LAUREL_URL=http://localhost:3000 \
 *   SCIM_BASE_URL=http://localhost:3000/scim/v2/<scim id> \
 *   SCIM_TOKEN=laurel_scim_… \
 *   node docs/examples/scim-client.mjs
 *
 * The address and a token are on the organization's page, under Company sign-in (SSO) →
 * Provisioning (SCIM). The organization must sign in with passwords (the script signs in with one);
 * a person the script provisions stays, deactivated and deprovisioned, on the audit trail.
 */
import { randomBytes } from 'node:crypto';

const laurel = (process.env.LAUREL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const base = process.env.SCIM_BASE_URL?.replace(/\/+$/, '');
const token = process.env.SCIM_TOKEN;
if (!base || !token) {
  console.error('Set SCIM_BASE_URL and SCIM_TOKEN (see the comment at the top of this file).');
  process.exit(2);
}

const SCIM = 'application/scim+json';
async function scim(method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: SCIM,
      ...(body ? { 'content-type': SCIM } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return json;
}

/** Signs in at Laurel's identity service as the web app does (Cognito's InitiateAuth). */
async function signIn(email, password) {
  const { clientId, endpoint } = await (await fetch(`${laurel}/api/config/cognito`)).json();
  const response = await fetch(`${laurel}${endpoint ?? '/identity'}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = await response.json();
  return {
    status: response.status,
    idToken: body.AuthenticationResult?.IdToken,
    error: body.__type,
  };
}

const profileStatus = async (idToken) =>
  (await fetch(`${laurel}/api/users/profile`, { headers: { authorization: `Bearer ${idToken}` } }))
    .status;

const suffix = randomBytes(4).toString('hex');
const email = `scim.client.${suffix}@example.edu`;
const password = `Scim-${randomBytes(9).toString('base64url')}-9a`;

const config = await scim('GET', '/ServiceProviderConfig');
console.log(
  `SCIM service: patch ${config.patch.supported}, filter up to ${config.filter.maxResults}`,
);

const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
console.log(`Looked up ${email}: ${found.totalResults} found`);

const user = await scim('POST', '/Users', {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: email,
  externalId: `script-${suffix}`,
  name: { givenName: 'Scripted', familyName: 'Client' },
  emails: [{ primary: true, type: 'work', value: email }],
  password,
  active: true,
});
console.log(`Created user ${user.id} (${user.userName}), role ${user.groups[0].display}`);

const signedIn = await signIn(email, password);
if (!signedIn.idToken) throw new Error(`The new user could not sign in: ${signedIn.error}`);
console.log(
  `The user signed in; GET /api/users/profile answers ${await profileStatus(signedIn.idToken)}`,
);

const started = performance.now();
await scim('PATCH', `/Users/${user.id}`, {
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
});
const patched = performance.now();
let status = await profileStatus(signedIn.idToken);
while (status !== 401 && performance.now() - started < 5000) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  status = await profileStatus(signedIn.idToken);
}
const ended = performance.now();
console.log(
  `Deactivated through SCIM (PATCH took ${Math.round(patched - started)} ms); the open session ` +
    `${status === 401 ? 'ended' : 'DID NOT END'} ${Math.round(ended - started)} ms after the PATCH was sent`,
);
const again = await signIn(email, password);
console.log(`Signing in again: ${again.idToken ? 'ACCEPTED' : `refused (${again.error})`}`);

await scim('DELETE', `/Users/${user.id}`);
console.log(`Deprovisioned user ${user.id} (DELETE): deactivated, its history kept`);

const ok = status === 401 && ended - started < 1000 && !again.idToken;
console.log(ok ? 'OK' : 'FAILED');
process.exit(ok ? 0 : 1);

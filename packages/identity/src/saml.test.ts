import type { Profile } from '@node-saml/node-saml';
import { describe, expect, it } from 'vitest';

import { certificateInfo, claimsOf, parseIdpMetadata } from './saml.ts';
import { createSelfSignedCertificate } from './self-signed.ts';

const body = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');

function metadata(certificates: string[], extra = ''): string {
  return `<?xml version="1.0"?>${extra}
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example.edu/idp/shibboleth">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    ${certificates
      .map(
        (pem) =>
          `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body(pem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
      )
      .join('')}
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.edu/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.edu/redirect"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

describe('identity provider metadata', () => {
  it('reads the entity id, the redirect SSO address and every signing certificate (rollover)', async () => {
    const current = await createSelfSignedCertificate('current', 365);
    const next = await createSelfSignedCertificate('next', 730);
    const read = parseIdpMetadata(metadata([current.certificate, next.certificate]));
    expect(read.entityId).toBe('https://idp.example.edu/idp/shibboleth');
    expect(read.ssoUrl).toBe('https://idp.example.edu/redirect');
    expect(read.certificates.map((pem) => certificateInfo(pem).subject)).toEqual([
      'CN=current',
      'CN=next',
    ]);
    const days = (certificateInfo(next.certificate).notAfter.getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(729);
  });

  it('says plainly why metadata cannot be used', () => {
    expect(() => parseIdpMetadata('not xml')).toThrow('The metadata is not valid XML.');
    expect(() => parseIdpMetadata(metadata([]))).toThrow(
      'The metadata has no signing certificate (KeyDescriptor use="signing").',
    );
    expect(() => parseIdpMetadata(metadata([], '<!DOCTYPE x [<!ENTITY e "boom">]>'))).toThrow(
      'The metadata must not contain a DOCTYPE.',
    );
    expect(() =>
      parseIdpMetadata(
        '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
      ),
    ).toThrow('The metadata does not describe an identity provider.');
  });
});

describe('attributes', () => {
  const profile = (attributes: Record<string, unknown>, nameID = 'opaque-123') =>
    ({
      issuer: 'https://idp.example.edu',
      nameID,
      nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      ...attributes,
    }) as unknown as Profile;

  it('reads InCommon/eduPerson names, and prefers pairwise-id over subject-id and eppn', () => {
    const { email, claims } = claimsOf(
      profile({
        'urn:oid:0.9.2342.19200300.100.1.3': 'Ada@Example.edu',
        'urn:oid:2.5.4.42': 'Ada',
        'urn:oid:2.5.4.4': 'Lovelace',
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'ada@example.edu',
        'urn:oasis:names:tc:SAML:attribute:subject-id': 'subject@example.edu',
        'urn:oasis:names:tc:SAML:attribute:pairwise-id': 'pairwise@example.edu',
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.1': ['faculty', 'member'],
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.9': 'faculty@example.edu',
      }),
    );
    expect(email).toBe('ada@example.edu');
    expect(claims).toMatchObject({
      sub: 'pairwise@example.edu',
      given_name: 'Ada',
      family_name: 'Lovelace',
      groups: ['faculty', 'member', 'faculty@example.edu'],
    });
    expect(
      claimsOf(
        profile({
          'urn:oid:0.9.2342.19200300.100.1.3': 'a@example.edu',
          'urn:oasis:names:tc:SAML:attribute:subject-id': 'subject@example.edu',
          'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'eppn@example.edu',
        }),
      ).claims.sub,
    ).toBe('subject@example.edu');
  });

  it('reads Entra ID and Okta claim names', () => {
    const entra = claimsOf(
      profile({
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': 'grace@contoso.edu',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Grace',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname': 'Hopper',
        'http://schemas.microsoft.com/identity/claims/objectidentifier': 'oid-1',
        'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': ['g-1', 'g-2'],
      }),
    );
    expect(entra).toMatchObject({
      email: 'grace@contoso.edu',
      claims: { sub: 'oid-1', given_name: 'Grace', family_name: 'Hopper', groups: ['g-1', 'g-2'] },
    });
    const okta = claimsOf(
      profile({
        email: 'katherine@okta.edu',
        firstName: 'Katherine',
        lastName: 'Johnson',
        groups: 'Admins',
      }),
    );
    expect(okta).toMatchObject({
      email: 'katherine@okta.edu',
      claims: {
        sub: 'opaque-123',
        given_name: 'Katherine',
        family_name: 'Johnson',
        groups: ['Admins'],
      },
    });
  });

  it('takes the NameID as e-mail only when its format says it is one', () => {
    expect(claimsOf(profile({})).email).toBe('');
    const byNameId = claimsOf({
      issuer: 'x',
      nameID: 'Lin@Example.edu',
      nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    } as unknown as Profile);
    expect(byNameId.email).toBe('lin@example.edu');
  });
});

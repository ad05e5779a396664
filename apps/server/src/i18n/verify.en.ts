/**
 * The public credential verification pages, in English: ICU messages by key (decision 066).
 * `verify.es.ts` says the same in Spanish; a test checks that both have the same keys and
 * arguments. The `check.*` messages are the verification report's sentences: the verifier writes
 * them from this catalogue, and a page in Spanish reads each one's key back from its English text.
 */
export const VERIFY_MESSAGES_EN = {
  'header.nav': 'Verification',
  'header.title': 'Laurel · Credential verification',
  'header.checkFile': 'Check a credential file',

  'verdict.valid': 'This credential is valid.',
  'verdict.revoked': 'This credential has been revoked by its issuer.',
  'verdict.notVerified': 'This credential could not be verified.',
  revokedOn: 'Revoked on {date} by {issuer}.',
  description: '{achievement}, awarded by {issuer} on {date}.',
  issuedBy: 'Issued by',
  awarded: 'Awarded',
  credential: 'Credential',
  credentialKind: 'Open Badges 3.0, signed (eddsa-rdfc-2022)',
  checkedJustNow: 'Checked just now',
  checkedAt: 'Checked {time} UTC.',
  checkAgain: 'Anyone can check the credential file again with any Open Badges 3.0 verifier.',
  shareAndKeep: 'Share and keep',
  downloadCredential: 'Download credential',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  addToLinkedIn: 'Add to LinkedIn profile',
  linkToPage: 'Link to this page',
  qrAlt: 'QR code of the link to this page',
  qrHint: 'Scan to open this page on a phone.',

  'checkTitle.format': 'Format',
  'checkTitle.issuer': 'Issuer key',
  'checkTitle.signature': 'Signature',
  'checkTitle.status': 'Revocation status',
  'checkTitle.dates': 'Dates',
  checkResult: '{title}: {result, select, passed {passed} failed {failed} other {skipped}}',

  'outcomes.heading': "What this program's graduates went on to earn",
  'outcomes.people': '{count, number} people',
  'outcomes.smallSample': 'a small sample: read it with care',
  'outcomes.year': 'in {year}',
  'outcomes.years': 'in {from}–{to}',
  'outcomes.note':
    'Published by {issuer} for everyone awarded this credential {years}, from wage records; dollars of {dollarsYear}. These figures describe the graduates as a group, never the person who holds this credential; a figure about fewer than 10 people is never shown.',
  'outcomes.salary': 'Median annual full-time wage, one year after the award',
  'outcomes.salaryGrowth':
    'Change of the median wage from the year before the award to {years, plural, one {# year} other {# years}} after, for the same people',
  'outcomes.employmentRate':
    'Employed one year after the award, of the graduates the wage records found',

  'form.title': 'Check a credential',
  'form.description':
    'Check that an Open Badges 3.0 or Verifiable Credential 2.0 credential is genuine and not revoked.',
  'form.intro':
    "Paste an Open Badges 3.0 or Verifiable Credential 2.0 credential (the JSON file its holder downloaded), or choose the file. Laurel checks its signature, its issuer's key, whether it was revoked and its dates; nothing you check is kept.",
  'form.json': 'Credential JSON',
  'form.chooseFile': 'Or choose a file:',
  'form.submit': 'Check credential',
  'form.result': 'Result',
  'form.achievement': 'Achievement',
  'form.validFrom': 'Valid from',
  'form.fileTooLarge':
    'This file is larger than a credential can be ({kilobytes} KB): choose the credential JSON file.',
  'refusal.empty': 'Paste a credential, or choose its file.',
  'refusal.tooLarge':
    'This is larger than a credential can be ({kilobytes} KB): paste the credential JSON file only.',
  'refusal.notJson':
    "This is not JSON: paste the whole credential file, from its first '{' to its last '}'.",
  'refusal.notObject': "This is not a credential: a credential is a JSON object, '{' … '}'.",
  'refusal.unreadable': 'This is not a credential Laurel can read: {problem}',

  'notFound.title': 'Credential not found',
  'notFound.verdict': 'No credential has this address.',
  'notFound.help':
    "Check that the link was copied whole. A credential's link is given by the organization that issued it. If you have the credential file, {link} instead.",
  'notFound.checkFile': 'check the file',

  'report.skipped': 'Not checked: an earlier check failed.',
  'report.notObject': 'This is not a credential: a credential is a JSON object.',
  'report.notVc2': 'This is not a Verifiable Credential 2.0: its first @context must be {context}.',
  'report.notVc':
    'This is not a Verifiable Credential: its type must include VerifiableCredential.',
  'report.noIssuer': 'The credential does not name its issuer.',
  'report.unsigned': 'The credential is not signed: it has no proof.',
  'report.unsupportedProof':
    'The credential is signed in a way this service does not check (only Data Integrity proofs with eddsa-rdfc-2022 are checked).',
  'report.foreignKey': 'The credential was not signed with a key of its issuer.',
  'report.unsupportedIssuer': 'Only issuers identified by did:web or did:key are checked.',
  'report.formatPassed': 'The credential is a signed Verifiable Credential 2.0.',
  'report.issuerLookupFailed': 'The issuer {issuer} could not be looked up: {cause}.',
  'report.issuerUnknown': 'The issuer {issuer} is unknown.',
  'report.keyNotPublished':
    'The key that signed this credential is not published by its issuer for signing credentials: it may have been removed.',
  'report.keyPublished':
    'The signing key is published by the issuer {issuer} for signing credentials.',
  'report.signatureValid':
    'The signature is valid: nothing in the credential has changed since it was signed.',
  'report.signatureInvalid':
    'The signature does not match: the credential was changed after it was signed.',
  'report.noStatus': 'The credential has no revocation status: its issuer cannot revoke it.',
  'report.revoked': 'The issuer has revoked this credential.',
  'report.notRevoked': 'The issuer has not revoked this credential.',
  'report.statusUnavailable': 'The revocation status could not be checked: {cause}.',
  'report.unavailable': '{url} is not available',
  'report.noStartDate': 'The credential has no valid start date.',
  'report.notYetValid': 'The credential is not valid before {date}.',
  'report.expired': 'The credential has expired.',
  'report.validNoEnd': 'The credential is valid from {from} and does not expire.',
  'report.validUntil': 'The credential is valid from {from} until {until}.',
} as const;

export type VerifyMessageKey = keyof typeof VERIFY_MESSAGES_EN;

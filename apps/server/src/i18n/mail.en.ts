/**
 * The e-mails Laurel sends, in English: ICU messages by key (decision 066). `mail.es.ts` says the
 * same in Spanish; a test checks that both have the same keys and arguments.
 */
export const MAIL_MESSAGES_EN = {
  'layout.footer':
    'You received this e-mail because of an account at Laurel. If you did not expect it, you can ignore it.',
  'layout.openAddress': 'Or open this address:',
  hello: 'Hello {name},',

  'role.platformAdmin': 'Platform Admin',
  'role.organizationAdmin': 'Organization Admin',
  'role.user': 'User',

  'invitation.subject': "You're invited to {organization} on Laurel",
  'invitation.federated': 'You will sign in with your {organization} company account.',
  'invitation.password': 'Open the link to choose your password; you are signed in right after.',
  'invitation.invited': '{inviter} invited you to join {organization} on Laurel as {role}.',
  'invitation.accept': 'Accept the invitation: {link}',
  'invitation.button': 'Accept invitation',
  'invitation.expires': 'The link works once and expires on {date}.',

  'resetCode.subject': 'Your password reset code',
  'resetCode.lifetimeHours': '{hours, plural, one {# hour} other {# hours}}',
  'resetCode.lifetimeMinutes': '{minutes} minutes',
  'resetCode.codeIs': 'Your password reset code is {code}. It expires in {lifetime}.',
  'resetCode.codeIsHtml': 'Your password reset code is:',
  'resetCode.expiresIn': 'It expires in {lifetime}.',
  'resetCode.enterHere': 'Enter it here: {link}',
  'resetCode.button': 'Reset password',
  'resetCode.notYou': 'If you did not ask to reset your password, ignore this message.',

  'signInCode.subject': 'Your sign-in code',
  'signInCode.codeIs':
    'Your sign-in code is {code}. It expires in {minutes} minutes and works once.',
  'signInCode.codeIsHtml': 'Your sign-in code is:',
  'signInCode.expiresIn': 'It expires in {minutes} minutes and works once.',
  'signInCode.notYou':
    'If you did not try to sign in, ignore this message; someone may have typed your address by mistake.',

  'credentialIssued.subject': 'Your credential from {issuer}: {achievement}',
  'credentialIssued.issued': '{issuer} has issued you a digital credential for {achievement}.',
  'credentialIssued.anyone':
    'Anyone you give its link to can check that it is genuine, without an account.',
  'credentialIssued.link': 'Your credential: {link}',
  'credentialIssued.button': 'View your credential',
  'credentialIssued.page':
    'On that page you can download the credential file for a digital wallet, copy its link, show a QR code or add it to your LinkedIn profile.',
  'credentialIssued.footer':
    'You received this e-mail because {issuer} recorded this award with your address. If it is not yours, you can ignore it.',

  'webhookDisabled.subject': 'A webhook endpoint of {organization} was disabled',
  'webhookDisabled.stopped': 'Laurel stopped sending events to the webhook endpoint {url}.',
  'webhookDisabled.enable':
    'Once the receiver answers again, enable the endpoint; events that were waiting are sent then.',
  'webhookDisabled.link': 'Webhooks: {link}',
  'webhookDisabled.button': 'Open webhooks',

  'insightsDigest.subject': 'Insights digest of {organization}: {month}',
  'insightsDigest.intro':
    'The headline figures of {organization} over all its credentials, as its insights page shows them today:',
  'insightsDigest.first':
    'This is your first insights digest; the next one will say how each figure changed.',
  'insightsDigest.awards': 'Awards',
  'insightsDigest.matched': 'Matched',
  'insightsDigest.salary': 'Median salary one year after the award',
  'insightsDigest.employmentRate': 'Employment rate',
  'insightsDigest.line': '{figure}: {value}',
  'insightsDigest.lineChanged': '{figure}: {value} ({change})',
  'insightsDigest.change': '{change} since the last digest',
  'insightsDigest.unchanged': 'unchanged since the last digest',
  'insightsDigest.previously': 'previously {value}',
  'insightsDigest.points': '{change} percentage points since the last digest',
  'insightsDigest.fewerThan': 'fewer than {min} people',
  'insightsDigest.withheld': 'withheld',
  'insightsDigest.tooRecent': 'not yet known: the awards are too recent',
  'insightsDigest.notAvailable': 'not available',
  'insightsDigest.link': 'Every figure and the PDF report: {link}',
  'insightsDigest.button': 'Open insights',
  'insightsDigest.footer':
    'You receive this e-mail once a month because you switched on "Monthly insights digest" in your Laurel settings; switch it off there to stop it.',
} as const;

export type MailMessageKey = keyof typeof MAIL_MESSAGES_EN;

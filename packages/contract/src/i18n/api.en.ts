/**
 * What the server says to people through the API, in English: ICU messages by stable key
 * (decision 066). The English text is the text the server has always sent, byte for byte; the
 * server finds a message's key from it, so a module still throws `notFound()` or
 * `badRequest(MESSAGES.…)`, and `api.es.ts` says the same in Spanish.
 */
export const API_MESSAGES_EN = {
  // The request as a whole
  'request.failed': 'Something went wrong',
  'request.invalid':
    'Invalid {where, select, body {body} querystring {querystring} params {params} headers {headers} other {request}}',
  'request.noRoute': 'No route {method} {path}',
  'request.bodyTooLarge': 'Request body is larger than 1 MiB',
  'request.invalidJson': 'Request body is not valid JSON',
  'request.emptyJson': 'Request body is empty but the content type is JSON',
  'request.unsupportedMediaType': 'Unsupported content type',
  'request.contentLength': 'Content length does not match the body',
  'request.badUrl': 'The address has a malformed escape sequence',
  'request.paramTooLong': 'A part of the address is too long',
  'request.controlCharacters': 'Must not contain control characters',
  'request.nestedTooDeeply': 'Is nested too deeply',
  'request.rateLimited':
    'Too many requests. Try again in {seconds, plural, one {# second} other {# seconds}}.',

  // Who is asking
  'access.notFound': 'Not found',
  'access.unauthorized': 'Authentication required',
  'access.forbidden': 'You do not have permission to do this',
  'access.identityUnavailable':
    'Sign-in cannot be checked right now: the identity service is unreachable. Please try again in a few minutes.',
  'access.invalidToken': 'Invalid or expired token',
  'access.noActiveUser': 'No active Laurel user for this sign-in',
  'access.apiKeyOwnOrganization': 'An API key acts within its own organization only',
  'access.apiKeyNotAllowed': 'API keys cannot call this endpoint',
  'access.apiKeyScope': 'This API key needs the scope {scopes} for this endpoint',
  'access.actingHeaderInvalid': '{header} must be an organization id',
  'access.actingPlatformAdminsOnly': 'Only platform admins can act within another organization',
  'access.actingHeaderUnknown': '{header} names no organization',
  'access.metricsToken': 'A valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>',

  // Fields of a body (validation)
  'field.enterFirstName': 'Enter the first name',
  'field.enterLastName': 'Enter the last name',
  'field.eachScopeOnce': 'Give each scope once.',
  'field.eachEventOnce': 'Give each event once.',
  'field.awardIds': 'Give up to 200 award ids, separated by commas.',
  'field.atMostRows': 'Send at most {count} rows at a time.',
  'field.unknown': 'Unknown field',
  'field.invalid': 'Invalid value',
  'field.required': 'Required',
  'field.invalidInput': 'Invalid input',
  'field.invalidType': 'Invalid input: expected {expected}, received {received}',
  'field.invalidLiteral': 'Invalid input: expected {value}',
  'field.invalidOption': 'Invalid option: expected one of {options}',
  'field.textTooShort': 'Too small: expected string to have >={minimum} characters',
  'field.textTooLong': 'Too big: expected string to have <={maximum} characters',
  'field.listTooShort': 'Too small: expected array to have >={minimum} items',
  'field.listTooLong': 'Too big: expected array to have <={maximum} items',
  'field.numberTooSmall': 'Too small: expected number to be >={minimum}',
  'field.numberTooSmallExclusive': 'Too small: expected number to be >{minimum}',
  'field.numberTooBig': 'Too big: expected number to be <={maximum}',
  'field.numberTooBigExclusive': 'Too big: expected number to be <{maximum}',
  'field.invalidEmail': 'Invalid email address',
  'field.invalidUrl': 'Invalid URL',
  'field.invalidDateTime': 'Invalid ISO datetime',
  'field.invalidDate': 'Invalid ISO date',
  'field.invalidPattern': 'Invalid string: must match pattern {pattern}',
  'field.atMostCharacters': 'At most {count} characters',
  'field.atLeastCharacters': 'At least {count} characters',
  'field.typeAtLeast': 'Type at least {count} characters',
  'field.atMost': 'At most {count}',
  'field.atMostLineItems': 'At most {count} line items',
  'field.notBelowZero': 'Not below 0',
  'field.wholeNumber': 'A whole number',
  'field.digitsOnly': 'Must be a whole number written with the digits 0-9',
  'field.nameCharacters': 'Letters, digits, dot, dash and underscore only',
  'field.keepNameShort': 'Keep the name to {count} characters.',
  'field.keepReasonShort': 'Keep the reason to {count} characters.',
  'field.keepDescriptionShort': 'Keep the description to {count} characters.',
  'field.keepAddressShort': 'Keep the address to {count} characters.',
  'field.keepValuesShort': 'Keep each value to {count} characters.',
  'field.isRequired': '{field} is required',
  'field.enterNumber': 'Enter a number',
  'field.enterPrice': 'Enter a price',
  'field.enterEmail': 'Enter a valid e-mail address',
  'field.enterFullAddress': 'Enter a full address, such as https://example.edu',
  'field.useDate': 'Use a date like 2026-01-31',
  'field.giveDateTime': 'Give a date and time, e.g. {example}.',
  'field.chooseOrganization': 'Choose an organization',
  'field.endsBeforeStart': 'Ends before it starts',
  'field.nothingToChange': 'Nothing to change',
  'field.firstYearAfterLast': 'The first award year must not be after the last',
  'field.confirmationTrue': 'confirmation must be true',
  'field.nextCursor': 'Give the nextCursor of the previous page as it was.',
  'field.enterCurrentPassword': 'Enter your current password.',
  'field.describeLineItem': 'Describe the line item',
  'field.salesforceId': 'A Salesforce id has 15 or 18 letters and digits',
  'field.alreadyTaken': 'Already taken',
  'field.alreadyUsed': 'Already used',
  'field.notForYourself': 'Not for yourself',
  'field.yourOwnOrganization': 'Your own organization',
  'field.unknownOrganization': 'Unknown organization',
  'field.unknownOrganizationType': 'Unknown organization type',
  'field.unknownLoginMode': 'Unknown login mode',
  'field.unknownCredentialType': 'Unknown credential type',

  // Profile and sign-in
  'profile.insightsDigestAdminsOnly':
    'Only organization admins can receive the monthly insights digest.',
  'profile.stepUpRequired': 'Enter a code from your authenticator app or your password.',
  'profile.stepUpWrongCode':
    'That code is not right or was already used. Enter the current code from your authenticator app.',
  'profile.stepUpWrongPassword': 'That password is not right.',
  'profile.stepUpLocked': 'Too many wrong passwords. Try again in a few minutes.',
  'profile.stepUpCodeNotAccepted': 'Confirm with your password.',
  'profile.authenticatorNotSetUp': 'No authenticator app is set up.',
  'profile.authenticatorRequired':
    'Your organization requires two-step verification, so the authenticator app cannot be removed.',
  'profile.authenticatorCompanySignIn':
    'You sign in through your company, which manages how you confirm who you are.',
  'profile.federatedCallbackFailed': 'Something went wrong.',
  'profile.alreadySignedIn': 'There is already a signed in user.',
  'profile.passwordUpdateError': 'There was an error when updating your password.',

  // Users and organizations
  'users.platformAdminRole': 'Only platform admins can grant or change the Platform Admin role',
  'users.deactivateSelf': 'You cannot deactivate your own account',
  'users.changeOwnRole': 'You cannot change your own role',
  'organizations.invalid': 'Invalid organization',
  'organizations.nameTaken': 'An organization with this name already exists',
  'organizations.actAsOwn': 'This is your own organization: there is no one to act as',

  // Credentials, contracts, bookmarks
  'credentials.invalidQuery': 'Invalid query',
  'credentials.invalid': 'Invalid credential',
  'credentials.codeTaken': 'This organization already has a credential with this code',
  'contracts.invalid': 'Invalid contract',
  'contracts.numberTaken': 'A contract with this number already exists',
  'bookmarks.noItem':
    'No {itemType, select, credential {credential} organization {organization} user {user} contract {contract} other {{itemType}}} with id {id}',

  // Invitations
  'invitations.useDomain': 'Use an address at {domains}',
  'invitations.invalid':
    'This invitation link is not valid. Ask your administrator to send a new one.',
  'invitations.used': 'This invitation has already been accepted. Sign in instead.',
  'invitations.expired': 'This invitation has expired. Ask your administrator to send a new one.',
  'invitations.revoked':
    'This invitation was withdrawn. Ask your administrator if you still need access.',
  'invitations.choosePassword': 'Choose a password to accept the invitation.',
  'invitations.companySignIn': 'You sign in with your company account: no password is needed here.',
  'invitations.approveSeat': 'Approve the additional seat to send this invitation.',
  'invitations.noToken': 'The invitation link has no token',
  'invitations.mailNotConfigured': 'E-mail is not configured on this server',
  'invitations.notSent':
    'The e-mail to {email} could not be sent. Nothing was lost: try again with Resend.',
  'invitations.platformAdminsOnly':
    'Only platform admins can manage invitations of platform admins',
  'invitations.alreadyAccepted': '{email} has already accepted the invitation',
  'invitations.invitePlatformAdmin':
    'Only a platform admin can invite a Platform Admin, and only into the platform organization',
  'invitations.userExists': 'A user with this e-mail address already exists',
  'invitations.accountExists': 'An account with this e-mail address already exists',
  'invitations.companyProvider': '{organization} signs in through its company provider',
  'invitations.notInvited': 'This user was not invited',

  // Uploads and files
  'uploads.notCsv':
    'Only CSV files can be uploaded. Save the spreadsheet as "CSV UTF-8 (comma delimited)" and upload that file.',
  'uploads.empty':
    'The file is empty (0 bytes). Choose the CSV file with the awards and upload it again.',
  'uploads.tooLarge':
    'The file is larger than {size} MB. Split it into smaller files and upload them one by one.',
  'uploads.noFile': `Send the CSV file as multipart/form-data in a field named "file" or as a text/csv body, or the awards as JSON: '{ "rows": [ … ] }'.`,
  'uploads.oneFile': 'Upload one file at a time.',
  'uploads.malformed':
    'The request is not well-formed multipart/form-data. Send the CSV file in a field named "file".',
  'uploads.sendRow': 'Send at least one row.',
  'uploads.processingStopped': 'Processing stopped unexpectedly. Please upload the file again.',

  // Earnings and benchmarks
  'benchmarks.fileProblem': '{problem} Nothing was imported.',
  'benchmarks.rowsWithErrors':
    '{rows, plural, one {# row has} other {# rows have}} errors ({errors} in all{shown, select, all {} other {, the first {shown} listed}}). Nothing was imported: correct the file and import it again.',
  'earnings.notEntitled':
    'This organization has no earnings entitlement, so its awards are neither matched nor billed. Switch on its insights entitlement first, then import the file.',
  'benchmarks.noPreviousVersion':
    'This data set has no previous version to restore: it was never replaced, or its previous version was kept for 30 days and has been deleted.',

  // API keys, webhooks, SCIM tokens
  'apiKeys.invalid': 'Invalid, expired or revoked API key',
  'apiKeys.tooMany': 'An organization holds at most {count} keys at once: revoke one first.',
  'apiKeys.pastExpiry': 'Choose an expiry in the future.',
  'apiKeys.notLive': 'This key is revoked or expired: create a new one.',
  'apiKeys.nameIt': 'Name the key after what uses it, e.g. "Nightly SIS export".',
  'apiKeys.chooseScope': 'Choose at least one scope.',
  'webhooks.url': 'Give the full address of the receiver, starting with https://.',
  'webhooks.httpsOnly':
    'Webhooks are sent over https only: give an address starting with https://.',
  'webhooks.credentials': 'Leave the user name and password out of the address.',
  'webhooks.privateAddress':
    'This address is private, loopback or link-local: webhooks are sent only to public addresses.',
  'webhooks.resolvesPrivate':
    '{host} resolves to {address}. This address is private, loopback or link-local: webhooks are sent only to public addresses.',
  'webhooks.events': 'Choose at least one event.',
  'webhooks.tooMany': 'An organization holds at most {count} webhook endpoints: delete one first.',
  'scim.tooManyTokens':
    'An organization holds at most {count} SCIM tokens at once: revoke one first.',
  'scim.nameIt': 'Name the token after the directory that uses it, e.g. "Entra ID".',

  // Signed credentials
  'issuing.queued':
    'Issuing has started: the awards show their signed credentials as they are issued.',
  'issuing.organizationNotAllowed':
    'This organization may not issue signed credentials yet: a platform admin turns that on.',
  'issuing.credentialNotEnabled': 'Turn on signed credentials for this credential first.',
  'issuing.notLive': 'This award has no live signed credential to revoke.',
  'issuing.notLiveToSend': 'This award has no live signed credential to send.',
  'issuing.noEmail': 'This award has no e-mail address to send its credential to.',
  'issuing.mailUnavailable': 'E-mail is not configured on this server.',
  'issuing.notSent':
    'The e-mail to {email} could not be sent. Nothing was lost: try again with Send again.',
  'issuing.giveReason': 'Say why the credential is revoked.',
  'issuing.enabledOrOutcomes': 'Give enabled, showOutcomes or both.',

  // Company sign-in
  'sso.metadataNotBoth':
    "Enter the identity provider's metadata address or paste its metadata, not both",
  'sso.metadataEither': "Enter the identity provider's metadata address or paste its metadata",
  'sso.invalidState':
    'This sign-in link is not valid or was already used. Start again from the sign-in page.',
  'sso.invalidCode': 'The sign-in code is not valid, has expired or was already used.',
  'sso.notAvailable': 'Company sign-in is not available.',
  'sso.privateIssuer':
    'Laurel connects only to providers at public addresses, not to private, loopback or link-local ones. Enter the provider’s public issuer address.',
  'sso.unreachableIssuer':
    'Could not read an OpenID Connect discovery document at {issuer}/.well-known/openid-configuration. Check the address, and that the provider is reachable from the internet.',
  'sso.deactivated':
    "Your Laurel account has been deactivated. Contact your organization's administrator.",
  'sso.notInvited':
    "No Laurel account exists for {email}. Ask your organization's administrator for an invitation.",
  'sso.otherDomain': 'The e-mail address {email} does not belong to {organization}.',
  'sso.otherOrganization':
    '{email} belongs to another organization in Laurel and cannot sign in here.',
  'sso.issuerNotAllowed': 'The issuer is not allowed',
  'sso.issuerHttps': 'Use an https:// address (http:// only for localhost)',
  'sso.domainsClaimed': 'Already claimed by another organization: {list}',
  'sso.domainClaimed': 'An e-mail domain is already claimed by another organization',
  'sso.domainClaimedField': 'Already claimed by another organization',
  'sso.enterIssuer': 'Enter the issuer address',
  'sso.enterIssuerExample': 'Enter the issuer address, such as https://login.example.com',
  'sso.enterMetadata': 'Enter the metadata address',
  'sso.enterMetadataExample':
    'Enter the metadata address, such as https://idp.example.edu/metadata',
  'sso.enterClientId': 'Enter the client id',
  'sso.enterDomains': 'Enter domains such as example.edu',
  'sso.enterOneDomain': 'Enter at least one e-mail domain',
  'sso.samlTestNeedsMetadata': 'Save the identity provider’s metadata before a test sign-in.',
  'sso.samlTestNeedsOwnIdentity':
    'A test sign-in needs Laurel’s own identity service; with AWS Cognito, test in the Cognito console.',
  'sso.samlTestExpired': 'This test sign-in has not come back, or is more than ten minutes old.',
  'sso.samlTestReturn': "Return to the organization's page",
  // What "Needs attention" says of each item (the platform dashboard)
  'attention.uploadFailed': 'The upload failed.',
  'attention.uploadWaiting':
    'Waiting to be processed, with no progress for over {minutes, number} minutes.',
  'attention.uploadProcessing': 'Processing, with no progress for over {minutes, number} minutes.',
  'attention.ssoTestFailed': 'The connection test of the company sign-in provider failed.',
  'attention.certificateExpired':
    "The SAML identity provider's signing certificate expired on {date}.",
  'attention.certificateExpires':
    "The SAML identity provider's signing certificate expires on {date}.",
  'attention.overUsage':
    '{line}: {used, number} used of {included, number} included ({over, number} over)',
  'attention.insightsProcessing': 'Awards are being matched or insight figures rebuilt.',
  // What a contract's billing codes mean (`BILLING_CODE_LABELS`)
  'billingCode.A_ADDL_USER': 'User seats (active and invited users)',
  'billingCode.D_MATCH_EQUIFAX_TWN': 'Data match through Equifax The Work Number',
  'billingCode.D_MATCH_PDL_API': 'Data match through People Data Labs',
} as const;

export type ApiMessageKey = keyof typeof API_MESSAGES_EN;

import type { VerifyMessageKey } from './verify.en.ts';

/**
 * The public credential verification pages, in Spanish (neutral Latin American, "usted";
 * docs/i18n-glossary.md).
 */
export const VERIFY_MESSAGES_ES: Record<VerifyMessageKey, string> = {
  'header.nav': 'Verificación',
  'header.title': 'Laurel · Verificación de credenciales',
  'header.checkFile': 'Verificar un archivo de credencial',

  'verdict.valid': 'Esta credencial es válida.',
  'verdict.revoked': 'Esta credencial fue revocada por su emisor.',
  'verdict.notVerified': 'No se pudo verificar esta credencial.',
  revokedOn: 'Revocada el {date} por {issuer}.',
  description: '{achievement}, otorgada por {issuer} el {date}.',
  issuedBy: 'Emitida por',
  awarded: 'Otorgada',
  credential: 'Credencial',
  credentialKind: 'Open Badges 3.0, firmada (eddsa-rdfc-2022)',
  checkedJustNow: 'Verificada hace un momento',
  checkedAt: 'Verificada: {time} UTC.',
  checkAgain:
    'Cualquier persona puede volver a verificar el archivo de la credencial con cualquier verificador de Open Badges 3.0.',
  shareAndKeep: 'Compartir y conservar',
  downloadCredential: 'Descargar credencial',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  addToLinkedIn: 'Agregar al perfil de LinkedIn',
  linkToPage: 'Enlace a esta página',
  qrAlt: 'Código QR del enlace a esta página',
  qrHint: 'Escanéelo para abrir esta página en un teléfono.',

  'checkTitle.format': 'Formato',
  'checkTitle.issuer': 'Clave del emisor',
  'checkTitle.signature': 'Firma',
  'checkTitle.status': 'Estado de revocación',
  'checkTitle.dates': 'Fechas',
  checkResult:
    '{title}: {result, select, passed {verificación superada} failed {verificación fallida} other {sin verificar}}',

  'outcomes.heading': 'Lo que llegaron a ganar los graduados de este programa',
  'outcomes.people': '{count, number} personas',
  'outcomes.smallSample': 'una muestra pequeña: interprétela con cuidado',
  'outcomes.year': 'en {year}',
  'outcomes.years': 'entre {from} y {to}',
  'outcomes.note':
    'Publicado por {issuer} para todas las personas que obtuvieron esta credencial {years}, a partir de registros salariales; dólares de {dollarsYear}. Estas cifras describen a los graduados como grupo, nunca a la persona titular de esta credencial; nunca se muestra una cifra sobre menos de 10 personas.',
  'outcomes.salary': 'Salario mediano anual a tiempo completo, un año después del otorgamiento',
  'outcomes.salaryGrowth':
    'Variación del salario mediano desde el año anterior al otorgamiento hasta {years, plural, one {# año} other {# años}} después, para las mismas personas',
  'outcomes.employmentRate':
    'Con empleo un año después del otorgamiento, entre los graduados que encontraron los registros salariales',

  'form.title': 'Verificar una credencial',
  'form.description':
    'Verifique que una credencial Open Badges 3.0 o Verifiable Credential 2.0 sea auténtica y no haya sido revocada.',
  'form.intro':
    'Pegue una credencial Open Badges 3.0 o Verifiable Credential 2.0 (el archivo JSON que descargó su titular) o elija el archivo. Laurel verifica su firma, la clave de su emisor, si fue revocada y sus fechas; no se guarda nada de lo que usted verifica.',
  'form.json': 'JSON de la credencial',
  'form.chooseFile': 'O elija un archivo:',
  'form.submit': 'Verificar credencial',
  'form.result': 'Resultado',
  'form.achievement': 'Logro',
  'form.validFrom': 'Válida desde',
  'form.fileTooLarge':
    'Este archivo es más grande de lo que puede ser una credencial ({kilobytes} KB): elija el archivo JSON de la credencial.',
  'refusal.empty': 'Pegue una credencial o elija su archivo.',
  'refusal.tooLarge':
    'Esto es más grande de lo que puede ser una credencial ({kilobytes} KB): pegue solo el archivo JSON de la credencial.',
  'refusal.notJson':
    "Esto no es JSON: pegue el archivo completo de la credencial, desde su primera '{' hasta su última '}'.",
  'refusal.notObject': "Esto no es una credencial: una credencial es un objeto JSON, '{' … '}'.",
  'refusal.unreadable': 'Esto no es una credencial que Laurel pueda leer: {problem}',

  'notFound.title': 'Credencial no encontrada',
  'notFound.verdict': 'Ninguna credencial tiene esta dirección.',
  'notFound.help':
    'Verifique que el enlace se haya copiado completo. El enlace de una credencial lo proporciona la organización que la emitió. Si tiene el archivo de la credencial, {link} en su lugar.',
  'notFound.checkFile': 'verifique el archivo',

  'report.skipped': 'No se verificó: una verificación anterior falló.',
  'report.notObject': 'Esto no es una credencial: una credencial es un objeto JSON.',
  'report.notVc2':
    'Esto no es una Verifiable Credential 2.0: su primer @context debe ser {context}.',
  'report.notVc':
    'Esto no es una Verifiable Credential: su tipo debe incluir VerifiableCredential.',
  'report.noIssuer': 'La credencial no indica su emisor.',
  'report.unsigned': 'La credencial no está firmada: no tiene prueba.',
  'report.unsupportedProof':
    'La credencial está firmada de una forma que este servicio no verifica (solo se verifican pruebas Data Integrity con eddsa-rdfc-2022).',
  'report.foreignKey': 'La credencial no se firmó con una clave de su emisor.',
  'report.unsupportedIssuer': 'Solo se verifican emisores identificados por did:web o did:key.',
  'report.formatPassed': 'La credencial es una Verifiable Credential 2.0 firmada.',
  'report.issuerLookupFailed': 'No se pudo consultar al emisor {issuer}: {cause}.',
  'report.issuerUnknown': 'El emisor {issuer} es desconocido.',
  'report.keyNotPublished':
    'La clave que firmó esta credencial no está publicada por su emisor para firmar credenciales: es posible que se haya eliminado.',
  'report.keyPublished': 'El emisor {issuer} publica la clave de firma para firmar credenciales.',
  'report.signatureValid': 'La firma es válida: nada en la credencial cambió desde que se firmó.',
  'report.signatureInvalid': 'La firma no coincide: la credencial se modificó después de firmarse.',
  'report.noStatus': 'La credencial no tiene estado de revocación: su emisor no puede revocarla.',
  'report.revoked': 'El emisor revocó esta credencial.',
  'report.notRevoked': 'El emisor no revocó esta credencial.',
  'report.statusUnavailable': 'No se pudo verificar el estado de revocación: {cause}.',
  'report.unavailable': '{url} no está disponible',
  'report.noStartDate': 'La credencial no tiene una fecha de inicio válida.',
  'report.notYetValid': 'La credencial no es válida antes del {date}.',
  'report.expired': 'La credencial venció.',
  'report.validNoEnd': 'La credencial es válida desde el {from} y no vence.',
  'report.validUntil': 'La credencial es válida desde el {from} hasta el {until}.',
};

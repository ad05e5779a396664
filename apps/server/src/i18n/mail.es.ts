import type { MailMessageKey } from './mail.en.ts';

/** The e-mails Laurel sends, in Spanish (neutral Latin American, "usted"; docs/i18n-glossary.md). */
export const MAIL_MESSAGES_ES: Record<MailMessageKey, string> = {
  'layout.footer':
    'Recibió este correo electrónico debido a una cuenta en Laurel. Si no lo esperaba, puede ignorarlo.',
  'layout.openAddress': 'O abra esta dirección:',
  hello: 'Hola, {name}:',

  'role.platformAdmin': 'administrador de la plataforma',
  'role.organizationAdmin': 'administrador de la organización',
  'role.user': 'usuario',

  'invitation.subject': 'Lo invitan a unirse a {organization} en Laurel',
  'invitation.federated': 'Iniciará sesión con su cuenta corporativa de {organization}.',
  'invitation.password':
    'Abra el enlace para elegir su contraseña; su sesión se iniciará de inmediato.',
  'invitation.invited': '{inviter} lo invitó a unirse a {organization} en Laurel como {role}.',
  'invitation.accept': 'Acepte la invitación: {link}',
  'invitation.button': 'Aceptar invitación',
  'invitation.expires': 'El enlace funciona una sola vez y vence el {date}.',

  'resetCode.subject': 'Su código para restablecer la contraseña',
  'resetCode.lifetimeHours': '{hours, plural, one {# hora} other {# horas}}',
  'resetCode.lifetimeMinutes': '{minutes} minutos',
  'resetCode.codeIs': 'Su código para restablecer la contraseña es {code}. Vence en {lifetime}.',
  'resetCode.codeIsHtml': 'Su código para restablecer la contraseña es:',
  'resetCode.expiresIn': 'Vence en {lifetime}.',
  'resetCode.enterHere': 'Ingréselo aquí: {link}',
  'resetCode.button': 'Restablecer contraseña',
  'resetCode.notYou': 'Si no solicitó restablecer su contraseña, ignore este mensaje.',

  'signInCode.subject': 'Su código de inicio de sesión',
  'signInCode.codeIs':
    'Su código de inicio de sesión es {code}. Vence en {minutes} minutos y funciona una sola vez.',
  'signInCode.codeIsHtml': 'Su código de inicio de sesión es:',
  'signInCode.expiresIn': 'Vence en {minutes} minutos y funciona una sola vez.',
  'signInCode.notYou':
    'Si no intentó iniciar sesión, ignore este mensaje; es posible que alguien haya escrito su dirección por error.',

  'credentialIssued.subject': 'Su credencial de {issuer}: {achievement}',
  'credentialIssued.issued': '{issuer} le emitió una credencial digital por {achievement}.',
  'credentialIssued.anyone':
    'Cualquier persona a quien le dé su enlace puede verificar que es auténtica, sin necesidad de una cuenta.',
  'credentialIssued.link': 'Su credencial: {link}',
  'credentialIssued.button': 'Ver su credencial',
  'credentialIssued.page':
    'En esa página puede descargar el archivo de la credencial para una billetera digital, copiar su enlace, mostrar un código QR o agregarla a su perfil de LinkedIn.',
  'credentialIssued.footer':
    'Recibió este correo electrónico porque {issuer} registró este otorgamiento con su dirección. Si no es suya, puede ignorarlo.',

  'webhookDisabled.subject': 'Se desactivó un webhook de {organization}',
  'webhookDisabled.stopped': 'Laurel dejó de enviar eventos al webhook {url}.',
  'webhookDisabled.enable':
    'Cuando el receptor vuelva a responder, active el webhook; los eventos en espera se enviarán en ese momento.',
  'webhookDisabled.link': 'Webhooks: {link}',
  'webhookDisabled.button': 'Abrir webhooks',

  'insightsDigest.subject': 'Resumen mensual de indicadores de {organization}: {month}',
  'insightsDigest.intro':
    'Los indicadores principales de {organization} en todas sus credenciales, tal como los muestra hoy su página de indicadores:',
  'insightsDigest.first':
    'Este es su primer resumen mensual de indicadores; el próximo indicará cómo cambió cada cifra.',
  'insightsDigest.awards': 'Otorgamientos',
  'insightsDigest.matched': 'Vinculados',
  'insightsDigest.salary': 'Salario mediano un año después del otorgamiento',
  'insightsDigest.employmentRate': 'Tasa de empleo',
  'insightsDigest.line': '{figure}: {value}',
  'insightsDigest.lineChanged': '{figure}: {value} ({change})',
  'insightsDigest.change': '{change} desde el resumen anterior',
  'insightsDigest.unchanged': 'sin cambios desde el resumen anterior',
  'insightsDigest.previously': 'antes: {value}',
  'insightsDigest.points': '{change} puntos porcentuales desde el resumen anterior',
  'insightsDigest.fewerThan': 'menos de {min} personas',
  'insightsDigest.withheld': 'reservado',
  'insightsDigest.tooRecent': 'aún no se conoce: los otorgamientos son demasiado recientes',
  'insightsDigest.notAvailable': 'no disponible',
  'insightsDigest.link': 'Todas las cifras y el informe en PDF: {link}',
  'insightsDigest.button': 'Abrir indicadores',
  'insightsDigest.footer':
    'Recibe este correo electrónico una vez al mes porque activó "Resumen mensual de indicadores" en su configuración de Laurel; desactívelo allí para dejar de recibirlo.',
};

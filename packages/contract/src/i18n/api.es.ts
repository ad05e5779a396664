import type { ApiMessageKey } from './api.en.ts';

/**
 * What the server says to people through the API, in Spanish (neutral Latin American, formal
 * "usted", terms from docs/i18n-glossary.md): the same keys and arguments as `api.en.ts`.
 */
export const API_MESSAGES_ES: Record<ApiMessageKey, string> = {
  // The request as a whole
  'request.failed': 'Algo salió mal',
  'request.invalid':
    '{where, select, body {Cuerpo de la solicitud no válido} querystring {Parámetros de consulta no válidos} params {Parámetros de la dirección no válidos} headers {Encabezados no válidos} other {Solicitud no válida}}',
  'request.noRoute': 'No existe la ruta {method} {path}',
  'request.bodyTooLarge': 'El cuerpo de la solicitud supera 1 MiB',
  'request.invalidJson': 'El cuerpo de la solicitud no es JSON válido',
  'request.emptyJson': 'El cuerpo de la solicitud está vacío, pero el tipo de contenido es JSON',
  'request.unsupportedMediaType': 'Tipo de contenido no admitido',
  'request.contentLength': 'La longitud del contenido no coincide con el cuerpo',
  'request.badUrl': 'La dirección tiene una secuencia de escape mal formada',
  'request.paramTooLong': 'Una parte de la dirección es demasiado larga',
  'request.controlCharacters': 'No debe contener caracteres de control',
  'request.nestedTooDeeply': 'Tiene demasiados niveles de anidación',
  'request.rateLimited':
    'Demasiadas solicitudes. Vuelva a intentarlo en {seconds, plural, one {# segundo} other {# segundos}}.',

  // Who is asking
  'access.notFound': 'No se encontró',
  'access.unauthorized': 'Se requiere autenticación',
  'access.forbidden': 'No tiene permiso para hacer esto',
  'access.identityUnavailable':
    'No es posible verificar el inicio de sesión en este momento: el servicio de identidad no responde. Vuelva a intentarlo en unos minutos.',
  'access.invalidToken': 'Token no válido o vencido',
  'access.noActiveUser': 'No hay un usuario activo de Laurel para este inicio de sesión',
  'access.apiKeyOwnOrganization': 'Una clave de API solo actúa dentro de su propia organización',
  'access.apiKeyNotAllowed': 'Las claves de API no pueden llamar a este punto de acceso',
  'access.apiKeyScope': 'Esta clave de API necesita el alcance {scopes} para este punto de acceso',
  'access.actingHeaderInvalid': '{header} debe ser el id de una organización',
  'access.actingPlatformAdminsOnly':
    'Solo los administradores de la plataforma pueden actuar dentro de otra organización',
  'access.actingHeaderUnknown': '{header} no corresponde a ninguna organización',
  'access.metricsToken':
    'Se requiere un token de métricas válido: Authorization: Bearer <METRICS_TOKEN>',

  // Fields of a body (validation)
  'field.enterFirstName': 'Ingrese el nombre',
  'field.enterLastName': 'Ingrese el apellido',
  'field.eachScopeOnce': 'Indique cada alcance una sola vez.',
  'field.eachEventOnce': 'Indique cada evento una sola vez.',
  'field.awardIds': 'Indique hasta 200 ids de otorgamientos, separados por comas.',
  'field.atMostRows': 'Envíe como máximo {count} filas a la vez.',
  'field.unknown': 'Campo desconocido',
  'field.invalid': 'Valor no válido',
  'field.required': 'Obligatorio',
  'field.invalidInput': 'Entrada no válida',
  'field.invalidType':
    '{received, select, undefined {Obligatorio} other {Entrada no válida: se esperaba {expected, select, string {texto} number {un número} int {un número entero} boolean {verdadero o falso} array {una lista} object {un objeto} date {una fecha} other {{expected}}} y se recibió {received, select, string {texto} number {un número} boolean {verdadero o falso} array {una lista} object {un objeto} null {un valor nulo} NaN {un valor que no es un número} other {{received}}}}}',
  'field.invalidLiteral': 'Entrada no válida: se esperaba {value}',
  'field.invalidOption': 'Opción no válida: se esperaba una de {options}',
  'field.textTooShort':
    'Demasiado corto: se esperaba un texto de al menos {minimum, plural, one {# carácter} other {# caracteres}}',
  'field.textTooLong':
    'Demasiado largo: se esperaba un texto de como máximo {maximum, plural, one {# carácter} other {# caracteres}}',
  'field.listTooShort':
    'Demasiado corta: se esperaba una lista de al menos {minimum, plural, one {# elemento} other {# elementos}}',
  'field.listTooLong':
    'Demasiado larga: se esperaba una lista de como máximo {maximum, plural, one {# elemento} other {# elementos}}',
  'field.numberTooSmall': 'Demasiado pequeño: se esperaba un número mayor o igual que {minimum}',
  'field.numberTooSmallExclusive': 'Demasiado pequeño: se esperaba un número mayor que {minimum}',
  'field.numberTooBig': 'Demasiado grande: se esperaba un número menor o igual que {maximum}',
  'field.numberTooBigExclusive': 'Demasiado grande: se esperaba un número menor que {maximum}',
  'field.invalidEmail': 'Dirección de correo electrónico no válida',
  'field.invalidUrl': 'Dirección web no válida',
  'field.invalidDateTime': 'Fecha y hora ISO no válidas',
  'field.invalidDate': 'Fecha ISO no válida',
  'field.invalidPattern': 'Texto no válido: debe coincidir con el patrón {pattern}',
  'field.atMostCharacters': 'Como máximo {count} caracteres',
  'field.atLeastCharacters': 'Al menos {count} caracteres',
  'field.typeAtLeast': 'Escriba al menos {count} caracteres',
  'field.atMost': 'Como máximo {count}',
  'field.atMostLineItems': 'Como máximo {count} partidas',
  'field.notBelowZero': 'No puede ser menor que 0',
  'field.wholeNumber': 'Un número entero',
  'field.digitsOnly': 'Debe ser un número entero escrito con los dígitos 0-9',
  'field.nameCharacters': 'Solo letras, dígitos, punto, guion y guion bajo',
  'field.keepNameShort': 'El nombre puede tener como máximo {count} caracteres.',
  'field.keepReasonShort': 'El motivo puede tener como máximo {count} caracteres.',
  'field.keepDescriptionShort': 'La descripción puede tener como máximo {count} caracteres.',
  'field.keepAddressShort': 'La dirección puede tener como máximo {count} caracteres.',
  'field.keepValuesShort': 'Cada valor puede tener como máximo {count} caracteres.',
  'field.isRequired': '{field} es obligatorio',
  'field.enterNumber': 'Ingrese un número',
  'field.enterPrice': 'Ingrese un precio',
  'field.enterEmail': 'Ingrese una dirección de correo electrónico válida',
  'field.enterFullAddress': 'Ingrese una dirección completa, como https://example.edu',
  'field.useDate': 'Use una fecha como 2026-01-31',
  'field.giveDateTime': 'Indique una fecha y hora, p. ej., {example}.',
  'field.chooseOrganization': 'Elija una organización',
  'field.endsBeforeStart': 'Termina antes de comenzar',
  'field.nothingToChange': 'No hay nada que cambiar',
  'field.firstYearAfterLast': 'El primer año de otorgamiento no debe ser posterior al último',
  'field.confirmationTrue': 'confirmation debe ser true',
  'field.nextCursor': 'Indique el nextCursor de la página anterior tal como se recibió.',
  'field.enterCurrentPassword': 'Ingrese su contraseña actual.',
  'field.describeLineItem': 'Describa la partida',
  'field.salesforceId': 'Un id de Salesforce tiene 15 o 18 letras y dígitos',
  'field.alreadyTaken': 'Ya está en uso',
  'field.alreadyUsed': 'Ya se utilizó',
  'field.notForYourself': 'No para usted mismo',
  'field.yourOwnOrganization': 'Su propia organización',
  'field.unknownOrganization': 'Organización desconocida',
  'field.unknownOrganizationType': 'Tipo de organización desconocido',
  'field.unknownLoginMode': 'Modo de inicio de sesión desconocido',
  'field.unknownCredentialType': 'Tipo de credencial desconocido',

  // Profile and sign-in
  'profile.insightsDigestAdminsOnly':
    'Solo los administradores de la organización pueden recibir el resumen mensual de indicadores.',
  'profile.stepUpRequired': 'Ingrese un código de su aplicación de autenticación o su contraseña.',
  'profile.stepUpWrongCode':
    'Ese código no es correcto o ya se utilizó. Ingrese el código actual de su aplicación de autenticación.',
  'profile.stepUpWrongPassword': 'Esa contraseña no es correcta.',
  'profile.stepUpLocked':
    'Demasiadas contraseñas incorrectas. Vuelva a intentarlo en unos minutos.',
  'profile.stepUpCodeNotAccepted': 'Confirme con su contraseña.',
  'profile.authenticatorNotSetUp': 'No hay ninguna aplicación de autenticación configurada.',
  'profile.authenticatorRequired':
    'Su organización exige la verificación en dos pasos, por lo que no se puede quitar la aplicación de autenticación.',
  'profile.authenticatorCompanySignIn':
    'Usted inicia sesión a través de su empresa, que administra cómo confirma su identidad.',
  'profile.federatedCallbackFailed': 'Algo salió mal.',
  'profile.alreadySignedIn': 'Ya hay un usuario con la sesión iniciada.',
  'profile.passwordUpdateError': 'Se produjo un error al actualizar su contraseña.',

  // Users and organizations
  'users.platformAdminRole':
    'Solo los administradores de la plataforma pueden otorgar o cambiar el rol de administrador de la plataforma',
  'users.deactivateSelf': 'No puede desactivar su propia cuenta',
  'users.changeOwnRole': 'No puede cambiar su propio rol',
  'organizations.invalid': 'Organización no válida',
  'organizations.nameTaken': 'Ya existe una organización con este nombre',
  'organizations.actAsOwn': 'Esta es su propia organización: no hay nadie en cuyo nombre actuar',

  // Credentials, contracts, bookmarks
  'credentials.invalidQuery': 'Consulta no válida',
  'credentials.invalid': 'Credencial no válida',
  'credentials.codeTaken': 'Esta organización ya tiene una credencial con este código',
  'contracts.invalid': 'Contrato no válido',
  'contracts.numberTaken': 'Ya existe un contrato con este número',
  'bookmarks.noItem':
    'No existe {itemType, select, credential {ninguna credencial} organization {ninguna organización} user {ningún usuario} contract {ningún contrato} other {{itemType}}} con el id {id}',

  // Invitations
  'invitations.useDomain': 'Use una dirección de {domains}',
  'invitations.invalid':
    'Este enlace de invitación no es válido. Pida a su administrador que le envíe uno nuevo.',
  'invitations.used': 'Esta invitación ya se aceptó. Inicie sesión.',
  'invitations.expired': 'Esta invitación venció. Pida a su administrador que le envíe una nueva.',
  'invitations.revoked':
    'Esta invitación se retiró. Consulte a su administrador si todavía necesita acceso.',
  'invitations.choosePassword': 'Elija una contraseña para aceptar la invitación.',
  'invitations.companySignIn':
    'Usted inicia sesión con su cuenta de la empresa: aquí no necesita contraseña.',
  'invitations.approveSeat': 'Apruebe la plaza adicional para enviar esta invitación.',
  'invitations.noToken': 'El enlace de invitación no tiene token',
  'invitations.mailNotConfigured': 'El correo electrónico no está configurado en este servidor',
  'invitations.notSent':
    'No se pudo enviar el correo electrónico a {email}. No se perdió nada: vuelva a intentarlo con Reenviar.',
  'invitations.platformAdminsOnly':
    'Solo los administradores de la plataforma pueden gestionar invitaciones de administradores de la plataforma',
  'invitations.alreadyAccepted': '{email} ya aceptó la invitación',
  'invitations.invitePlatformAdmin':
    'Solo un administrador de la plataforma puede invitar a un administrador de la plataforma, y solo a la organización de la plataforma',
  'invitations.userExists': 'Ya existe un usuario con esta dirección de correo electrónico',
  'invitations.accountExists': 'Ya existe una cuenta con esta dirección de correo electrónico',
  'invitations.companyProvider':
    '{organization} inicia sesión a través del proveedor de identidad de su empresa',
  'invitations.notInvited': 'Este usuario no fue invitado',

  // Uploads and files
  'uploads.notCsv':
    'Solo se pueden cargar archivos CSV. Guarde la hoja de cálculo como "CSV UTF-8 (delimitado por comas)" y cargue ese archivo.',
  'uploads.empty':
    'El archivo está vacío (0 bytes). Elija el archivo CSV con los otorgamientos y vuelva a cargarlo.',
  'uploads.tooLarge':
    'El archivo supera {size} MB. Divídalo en archivos más pequeños y cárguelos uno por uno.',
  'uploads.noFile': `Envíe el archivo CSV como multipart/form-data en un campo llamado "file" o como cuerpo text/csv, o los otorgamientos como JSON: '{ "rows": [ … ] }'.`,
  'uploads.oneFile': 'Cargue un archivo a la vez.',
  'uploads.malformed':
    'La solicitud no es multipart/form-data bien formado. Envíe el archivo CSV en un campo llamado "file".',
  'uploads.sendRow': 'Envíe al menos una fila.',
  'uploads.processingStopped':
    'El procesamiento se detuvo inesperadamente. Vuelva a cargar el archivo.',

  // Earnings and benchmarks
  'benchmarks.fileProblem': '{problem} No se importó nada.',
  'benchmarks.rowsWithErrors':
    '{rows, plural, one {# fila tiene} other {# filas tienen}} errores ({errors} en total{shown, select, all {} other {; se muestran los primeros {shown}}}). No se importó nada: corrija el archivo y vuelva a importarlo.',
  'earnings.notEntitled':
    'Esta organización no tiene derecho a datos de ingresos, por lo que sus otorgamientos no se cotejan ni se facturan. Active primero su derecho a indicadores y luego importe el archivo.',
  'benchmarks.noPreviousVersion':
    'Este conjunto de datos no tiene una versión anterior que restaurar: nunca se reemplazó, o su versión anterior se conservó durante 30 días y se eliminó.',

  // API keys, webhooks, SCIM tokens
  'apiKeys.invalid': 'Clave de API no válida, vencida o revocada',
  'apiKeys.tooMany':
    'Una organización tiene como máximo {count} claves a la vez: revoque una primero.',
  'apiKeys.pastExpiry': 'Elija un vencimiento en el futuro.',
  'apiKeys.notLive': 'Esta clave está revocada o vencida: cree una nueva.',
  'apiKeys.nameIt': 'Nombre la clave según lo que la usa, p. ej., "Exportación nocturna del SIS".',
  'apiKeys.chooseScope': 'Elija al menos un alcance.',
  'webhooks.url': 'Indique la dirección completa del receptor, comenzando con https://.',
  'webhooks.httpsOnly':
    'Los webhooks se envían solo por https: indique una dirección que comience con https://.',
  'webhooks.credentials': 'No incluya el nombre de usuario ni la contraseña en la dirección.',
  'webhooks.privateAddress':
    'Esta dirección es privada, de bucle invertido o de enlace local: los webhooks se envían solo a direcciones públicas.',
  'webhooks.resolvesPrivate':
    '{host} se resuelve como {address}. Esta dirección es privada, de bucle invertido o de enlace local: los webhooks se envían solo a direcciones públicas.',
  'webhooks.events': 'Elija al menos un evento.',
  'webhooks.tooMany':
    'Una organización tiene como máximo {count} puntos de destino de webhooks: elimine uno primero.',
  'scim.tooManyTokens':
    'Una organización tiene como máximo {count} tokens de SCIM a la vez: revoque uno primero.',
  'scim.nameIt': 'Nombre el token según el directorio que lo usa, p. ej., "Entra ID".',

  // Signed credentials
  'issuing.queued':
    'Comenzó la emisión: los otorgamientos muestran sus credenciales firmadas a medida que se emiten.',
  'issuing.organizationNotAllowed':
    'Esta organización todavía no puede emitir credenciales firmadas: un administrador de la plataforma lo habilita.',
  'issuing.credentialNotEnabled': 'Active primero las credenciales firmadas para esta credencial.',
  'issuing.notLive': 'Este otorgamiento no tiene una credencial firmada vigente que revocar.',
  'issuing.notLiveToSend': 'Este otorgamiento no tiene una credencial firmada vigente que enviar.',
  'issuing.noEmail':
    'Este otorgamiento no tiene una dirección de correo electrónico a la cual enviar su credencial.',
  'issuing.mailUnavailable': 'El correo electrónico no está configurado en este servidor.',
  'issuing.notSent':
    'No se pudo enviar el correo electrónico a {email}. No se perdió nada: vuelva a intentarlo con Enviar de nuevo.',
  'issuing.giveReason': 'Indique por qué se revoca la credencial.',
  'issuing.enabledOrOutcomes': 'Indique enabled, showOutcomes o ambos.',

  // Company sign-in
  'sso.metadataNotBoth':
    'Ingrese la dirección de los metadatos del proveedor de identidad o pegue sus metadatos, no ambos',
  'sso.metadataEither':
    'Ingrese la dirección de los metadatos del proveedor de identidad o pegue sus metadatos',
  'sso.invalidState':
    'Este enlace de inicio de sesión no es válido o ya se utilizó. Comience de nuevo desde la página de inicio de sesión.',
  'sso.invalidCode': 'El código de inicio de sesión no es válido, venció o ya se utilizó.',
  'sso.notAvailable': 'El inicio de sesión corporativo no está disponible.',
  'sso.privateIssuer':
    'Laurel se conecta solo con proveedores en direcciones públicas, no privadas, de bucle invertido ni de enlace local. Ingrese la dirección pública del emisor del proveedor.',
  'sso.unreachableIssuer':
    'No se pudo leer un documento de descubrimiento de OpenID Connect en {issuer}/.well-known/openid-configuration. Revise la dirección y que el proveedor sea accesible desde internet.',
  'sso.deactivated':
    'Su cuenta de Laurel fue desactivada. Comuníquese con el administrador de su organización.',
  'sso.notInvited':
    'No existe una cuenta de Laurel para {email}. Solicite una invitación al administrador de su organización.',
  'sso.otherDomain': 'La dirección de correo electrónico {email} no pertenece a {organization}.',
  'sso.otherOrganization':
    '{email} pertenece a otra organización en Laurel y no puede iniciar sesión aquí.',
  'sso.issuerNotAllowed': 'El emisor no está permitido',
  'sso.issuerHttps': 'Use una dirección https:// (http:// solo para localhost)',
  'sso.domainsClaimed': 'Ya reclamados por otra organización: {list}',
  'sso.domainClaimed': 'Otra organización ya reclamó un dominio de correo electrónico',
  'sso.domainClaimedField': 'Ya reclamado por otra organización',
  'sso.enterIssuer': 'Ingrese la dirección del emisor',
  'sso.enterIssuerExample': 'Ingrese la dirección del emisor, como https://login.example.com',
  'sso.enterMetadata': 'Ingrese la dirección de los metadatos',
  'sso.enterMetadataExample':
    'Ingrese la dirección de los metadatos, como https://idp.example.edu/metadata',
  'sso.enterClientId': 'Ingrese el id de cliente',
  'sso.enterDomains': 'Ingrese dominios como example.edu',
  'sso.enterOneDomain': 'Ingrese al menos un dominio de correo electrónico',
  'sso.samlTestNeedsMetadata':
    'Guarde los metadatos del proveedor de identidad antes de una prueba de inicio de sesión.',
  'sso.samlTestNeedsOwnIdentity':
    'Una prueba de inicio de sesión necesita el servicio de identidad propio de Laurel; con AWS Cognito, pruebe en la consola de Cognito.',
  'sso.samlTestExpired':
    'Esta prueba de inicio de sesión no ha regresado o tiene más de diez minutos.',
  'sso.samlTestReturn': 'Volver a la página de la organización',
  'attention.uploadFailed': 'La carga falló.',
  'attention.uploadWaiting':
    'En espera de procesarse, sin avances desde hace más de {minutes, number} minutos.',
  'attention.uploadProcessing':
    'En proceso, sin avances desde hace más de {minutes, number} minutos.',
  'attention.ssoTestFailed':
    'Falló la prueba de conexión del proveedor de inicio de sesión corporativo.',
  'attention.certificateExpired':
    'El certificado de firma del proveedor de identidad SAML venció el {date}.',
  'attention.certificateExpires':
    'El certificado de firma del proveedor de identidad SAML vence el {date}.',
  'attention.overUsage':
    '{line}: {used, number} usadas de {included, number} incluidas ({over, number} de más)',
  'attention.insightsProcessing':
    'Se están buscando coincidencias de los otorgamientos o recalculando los indicadores.',
  'billingCode.A_ADDL_USER': 'Plazas de usuario (usuarios activos e invitados)',
  'billingCode.D_MATCH_EQUIFAX_TWN':
    'Búsqueda de coincidencias a través de Equifax The Work Number',
  'billingCode.D_MATCH_PDL_API': 'Búsqueda de coincidencias a través de People Data Labs',
};

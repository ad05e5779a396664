import type { RoleId } from '@laurel/contract/roles';

import type { Translate } from '../../../lib/i18n/catalogue';
import { englishText } from '../../../lib/i18n/english';

/** Roles as the choices of a role select, named in the chosen language. */
export const roleOptions = (roles: readonly RoleId[], t: Translate = englishText) =>
  roles.map((id) => ({ value: id, label: t(`roles.${id}`) }));

import { createIntl } from 'react-intl';

import en from './messages/en.json';
import type { MessageId } from './catalogue';

// The catalogue as the build ships it: its messages already parsed (vite.config.ts).
const english = createIntl({ locale: 'en-US', messages: en });

/** A message without arguments in English: the default of code that builds texts outside React. */
export const englishText = (id: MessageId): string => english.formatMessage({ id });

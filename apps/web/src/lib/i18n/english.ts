import en from './messages/en.json';
import type { MessageId } from './catalogue';

/** A message without arguments in English: the default of code that builds texts outside React. */
export const englishText = (id: MessageId): string => en[id];

import { textOf } from '../i18n/catalogue';

/**
 * Turns anything thrown or rejected into text for people (spec §5).
 * @example getErrorText(new Error('Boom')) // 'Boom'
 */
export function getErrorText(error: unknown): string {
  if (error instanceof Error) return error.message || textOf('messages.genericError');
  if (typeof error === 'string') return error || textOf('messages.genericError');
  if (error && typeof error === 'object' && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return textOf('messages.genericError');
}

import { MESSAGES } from '@laurel/contract/messages';

/**
 * Turns anything thrown or rejected into text for people (spec §5).
 * @example getErrorText(new Error('Boom')) // 'Boom'
 */
export function getErrorText(error: unknown): string {
  if (error instanceof Error) return error.message || MESSAGES.genericError;
  if (typeof error === 'string') return error || MESSAGES.genericError;
  if (error && typeof error === 'object' && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return MESSAGES.genericError;
}

import { MESSAGES } from '@laurel/contract/messages';

/** An error with an HTTP status that the error handler turns into the JSON error shape. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(statusCode: number, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.fieldErrors = fieldErrors;
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors);
export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(409, message, fieldErrors);

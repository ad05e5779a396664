import { MESSAGES } from '@laurel/contract/messages';

import { getIdToken } from '../auth-token/id-token';
import { ACTING_ORGANIZATION_HEADER } from './base-query';

/**
 * Downloads a file the API produces (CSV exports): the request carries the bearer token and the
 * acting organization like every other call, so a plain link would not do.
 */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | undefined>,
  options: { fileName: string; actingOrganizationId?: number | null },
): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && key !== 'page' && key !== 'pageSize')
      params.set(key, String(value));
  }
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const idToken = await getIdToken();
  if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
  if (options.actingOrganizationId != null)
    headers.set(ACTING_ORGANIZATION_HEADER, String(options.actingOrganizationId));
  const search = params.toString();
  const response = await fetch(`${path}${search ? `?${search}` : ''}`, { headers });
  if (response.status !== 200) {
    const text = await response.text().catch(() => '');
    let message: string = MESSAGES.requestFailed;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: keep the generic text.
    }
    throw new Error(message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = options.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

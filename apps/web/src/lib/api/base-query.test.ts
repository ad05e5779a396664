import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';

import { createStore } from '../../app/store';
import { setIdTokenProvider } from '../auth-token/id-token';
import { jsonResponse } from '../../test/render';
import { api } from './api';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    touch: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'PATCH' }) }),
  }),
  overrideExisting: true,
});

async function call(response: Response) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
  const store = createStore();
  const result = await store.dispatch(probe.endpoints.probe.initiate('/api/probe'));
  return { result, request: fetchMock.mock.calls[0]?.[0] as Request };
}

describe('the API base query', () => {
  afterEach(() => setIdTokenProvider(null));

  it('sends Cache-Control: no-store and no Authorization when signed out', async () => {
    const { request } = await call(jsonResponse({ ok: true }));
    expect(request.headers.get('cache-control')).toBe('no-store');
    expect(request.headers.get('authorization')).toBeNull();
  });

  it('sends the id token as a bearer token when signed in', async () => {
    setIdTokenProvider(async () => 'id.token.value');
    const { request } = await call(jsonResponse({ ok: true }));
    expect(request.headers.get('authorization')).toBe('Bearer id.token.value');
  });

  it('succeeds on 200 and 201', async () => {
    expect((await call(jsonResponse({ id: 1 }, 200))).result.data).toEqual({ id: 1 });
    expect((await call(jsonResponse({ id: 2 }, 201))).result.data).toEqual({ id: 2 });
  });

  it('accepts 204 for calls without content', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const store = createStore();
    const result = await store.dispatch(probe.endpoints.touch.initiate('/api/users/login-time'));
    expect('data' in result && result.data).toBeNull();
  });

  it('takes 202 Accepted (a job queued) as success, and fails on other 2xx statuses', async () => {
    const accepted = await call(jsonResponse({ queued: true }, 202));
    expect(accepted.result.isError).toBe(false);
    expect('data' in accepted.result && accepted.result.data).toEqual({ queued: true });
    const { result } = await call(jsonResponse({ partial: true }, 206));
    expect(result.isError).toBe(true);
  });

  it('rejects with the response body when there is one', async () => {
    const { result } = await call(
      jsonResponse({ message: 'Invalid', fieldErrors: { first_name: 'Required' } }, 400),
    );
    expect(result.error).toMatchObject({
      message: 'Invalid',
      fieldErrors: { first_name: 'Required' },
      status: 400,
    });
  });

  it("rejects with 'Something went wrong' when there is no body", async () => {
    const { result } = await call(new Response(null, { status: 500 }));
    expect(result.error).toBe(MESSAGES.requestFailed);
  });
});

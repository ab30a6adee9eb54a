// The dashboard's calls to the service: cookie session, CSRF header on changes, one refresh on 401.

function csrfToken() {
  const match = document.cookie.split('; ').find((part) => part.startsWith('pc_csrf='));
  return match ? decodeURIComponent(match.slice('pc_csrf='.length)) : '';
}

/** Thrown when the session is over and a refresh did not renew it. */
export class SignedOut extends Error {}

export async function request(method, path, body, extraHeaders = {}) {
  const headers = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken();
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Calls the account plane; a 401 is retried once after a refresh, then leads to sign-in. */
export async function api(method, path, body, extraHeaders = {}) {
  let response = await request(method, path, body, extraHeaders);
  if (response.status === 401 && (await request('POST', '/v1/auth/refresh', {})).ok) {
    response = await request(method, path, body, extraHeaders);
  }
  if (response.status === 401) throw new SignedOut();
  const data = await response.json();
  if (data.error) throw new Error(data.message || `request failed (${response.status})`);
  return data;
}

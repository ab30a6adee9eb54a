// API keys: named when created (names unique among the account's active keys), rotated, revoked.

import { api } from './dashboard.api.js';
import { button, el, fillTable, when } from './dashboard.dom.js';
import { handle, say } from './dashboard.shell.js';

export async function loadKeys() {
  const { keys } = await api('GET', '/v1/account/api-keys');
  if (!document.getElementById('keys')) return;
  fillTable(
    document.getElementById('keys'),
    ['Name', 'Prefix', 'Created', 'Last used', 'State', 'Actions'],
    keys.map((key) => {
      const actions = el('span', undefined, { class: 'actions' });
      if (!key.revoked_at) {
        actions.append(
          button(`Rotate ${key.name}`, () => changeKey('POST', `/v1/account/api-keys/${key.id}/rotate`)),
          button(`Revoke ${key.name}`, () => changeKey('DELETE', `/v1/account/api-keys/${key.id}`)),
        );
      }
      return [
        key.name,
        key.prefix,
        when(key.created_at),
        when(key.last_used_at),
        key.revoked_at ? `revoked ${when(key.revoked_at)}` : 'active',
        actions,
      ];
    }),
  );
}

function showNewKey(rawKey) {
  document.getElementById('new-key').hidden = false;
  document.getElementById('new-key-value').textContent = rawKey;
  document.getElementById('copy-key').focus();
}

async function changeKey(method, path) {
  try {
    const answer = await api(method, path);
    if (answer.api_key) showNewKey(answer.api_key);
    say(
      method === 'DELETE'
        ? `Key ${answer.key.name} revoked.`
        : `Key ${answer.key.name} rotated: the old key is revoked.`,
    );
    await loadKeys();
  } catch (error) {
    handle(error);
  }
}

export function bindKeyForm() {
  document.getElementById('key-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    try {
      const answer = await api('POST', '/v1/account/api-keys', { name: form.elements.name.value });
      form.reset();
      showNewKey(answer.api_key);
      say(`Key ${answer.key.name} created.`);
      await loadKeys();
    } catch (error) {
      handle(error);
    }
  });
  document.getElementById('copy-key').addEventListener('click', async () => {
    await navigator.clipboard.writeText(document.getElementById('new-key-value').textContent);
    say('Key copied to the clipboard.');
  });
}

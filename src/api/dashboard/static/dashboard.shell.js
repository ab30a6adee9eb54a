// What every view shares: the view area, the notice line, polling, and how errors are shown.

import { SignedOut, api } from './dashboard.api.js';

const view = document.getElementById('view');
const notice = document.getElementById('notice');
let pollTimer;
// Each view shown gets a number; a view whose loading was overtaken by another stops there.
let shownView = 0;

export function say(message, isError = false) {
  notice.textContent = message;
  notice.classList.toggle('error', isError);
}

/** Replaces the view by a copy of the template; answers the view's number (see `isShown`). */
export function show(templateId) {
  shownView += 1;
  clearInterval(pollTimer);
  view.replaceChildren(document.getElementById(templateId).content.cloneNode(true));
  return shownView;
}

/** Whether the view numbered `number` is still the one on screen. */
export function isShown(number) {
  return number === shownView;
}

/** Calls `poll` every two seconds while the view `number` stays on screen. */
export function pollWhileShown(number, poll) {
  if (!isShown(number)) return;
  clearInterval(pollTimer);
  pollTimer = setInterval(() => {
    if (isShown(number)) poll().catch(handle);
  }, 2000);
}

/** Ends the current view's polling (its data stopped changing). */
export function stopPolling() {
  clearInterval(pollTimer);
}

export function handle(error) {
  if (error instanceof SignedOut) {
    // A first visit has no session to speak of; a returning one is told why.
    if (document.cookie.includes('pc_csrf=')) say('Your session ended. Sign in again.');
    location.hash = '#/login';
    return;
  }
  say(error.message, true);
}

/** Runs `action`, showing its failure in the notice line instead of throwing. */
export function guarded(action) {
  return async (...args) => {
    try {
      await action(...args);
    } catch (error) {
      handle(error);
    }
  };
}

/** Shows who is signed in, in the header (every signed-in view). */
export async function showWho() {
  const me = await api('GET', '/v1/account/me');
  document.getElementById('who').textContent = `${me.user.email} · account ${me.account.name}`;
  document.getElementById('logout').hidden = false;
}

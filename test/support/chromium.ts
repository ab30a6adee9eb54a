import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BROWSER_ARGS } from '../../src/crawl/fetcher/fetcher.rendered.ts';

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it when missing). */
export const CHROMIUM = '/usr/bin/chromium';

/** Screenshots stay out of the checkout: look at them, they are not test output to commit. */
export const SCREENSHOTS = join(tmpdir(), 'pricecrawl-dashboard-screenshots');

/** Why the browser tests cannot run here, or false when they can. */
export const browserMissing: string | false = existsSync(CHROMIUM)
  ? false
  : `no browser at ${CHROMIUM}: install Debian's chromium package to run the dashboard browser tests`;

/** The `skip` of a browser suite: under CI a missing browser is a failure, not a skip. */
export const skipWithoutBrowser: string | false = process.env.CI === 'true' ? false : browserMissing;

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Headless Chromium without the background traffic a desktop browser makes (tests stay on loopback). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...BROWSER_ARGS],
  });
}

/**
 * Asserts whether the dashboard's notice line shows an error: only where a test provokes one (a
 * stale view's error shows there).
 */
export async function noticeIs(page: Page, error: boolean): Promise<void> {
  const notice = page.locator('#notice.error');
  assert.equal(await notice.count(), error ? 1 : 0, `notice: ${await page.locator('#notice').textContent()}`);
}

/**
 * Waits until the new-job form takes input: it shows before the sources arrive, and a file set
 * earlier would be read by no handler (the cause of a CSV test failing one run in eight).
 */
export async function submitFormReady(page: Page): Promise<void> {
  await page.locator('#submit-form[aria-busy="false"]').waitFor();
}

/**
 * Holds the page's requests to `url` (a glob) until the function answered is called: a test sees
 * the page in the moment before an answer arrives.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

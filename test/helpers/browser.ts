/**
 * A real headless Chromium for the web page's tests: Debian's `chromium` package (installed by
 * .ci/run; browser downloads are not reachable), driven by playwright-core. Where it is missing the
 * tests skip with a loud message; DATACOMPARE_REQUIRE_BROWSER=1 (set by .ci/run) makes that a failure.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.DATACOMPARE_CHROMIUM ?? '/usr/bin/chromium';

/** Where the tests keep their screenshots (an artifact of the run; not committed). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-artifacts/web');

export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `Chromium is not at ${CHROMIUM_PATH} (apt-get install chromium, or set DATACOMPARE_CHROMIUM): the browser tests are SKIPPED.`;
  if (process.env.DATACOMPARE_REQUIRE_BROWSER === '1') throw new Error(`${message} DATACOMPARE_REQUIRE_BROWSER=1 turns this skip into a failure.`);
  console.warn(`\n!!!!!!!!!! ${message} !!!!!!!!!!\n`);
  return false;
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

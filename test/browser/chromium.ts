// Headless Debian Chromium for browser tests, driven by playwright-core (never a downloaded browser).
// When /usr/bin/chromium is missing the tests skip loudly; `.ci/run` installs it so CI runs them.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { projectRoot } from "../../src/env.js";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags known to work on these machines: no sandbox as root, and no calls to Google's hosts. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumAvailable(suite: string): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  console.warn(
    `[browser] SKIPPING ${suite}: ${CHROMIUM_PATH} is missing. Install Debian's chromium ` +
      "(apt-get install -y chromium, as .ci/run does) to run the browser tests.",
  );
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

/** Screenshots and timings land in test-artifacts/ (gitignored), kept by CI as artifacts. */
export function artifactPath(file: string): string {
  const directory = path.join(projectRoot, "test-artifacts");
  mkdirSync(directory, { recursive: true });
  return path.join(directory, file);
}

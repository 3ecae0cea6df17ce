/**
 * Cookie consent and the Google tag. The tag is loaded only after the reader has accepted the
 * banner; the answer is remembered per ePaper in localStorage so the banner does not come back.
 */
const CONSENT_PREFIX = "epaper-consent:";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): then we simply ask again.
    return null;
  }
}

export function hasConsent(key: string): boolean {
  return storage()?.getItem(CONSENT_PREFIX + key) === "granted";
}

export function rememberConsent(key: string): void {
  storage()?.setItem(CONSENT_PREFIX + key, "granted");
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const TAG_ID = /^[A-Z]{1,3}-[A-Z0-9]+$/;

export function loadGoogleTag(tagId: string): void {
  if (!TAG_ID.test(tagId) || document.querySelector("script[data-epaper-gtag]")) {
    return;
  }
  window.dataLayer = window.dataLayer ?? [];
  // gtag() pushes its arguments object, as Google's snippet does.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: the Google tag reads the arguments object itself.
    window.dataLayer?.push(arguments);
  }
  gtag("js", new Date());
  gtag("config", tagId);
  const script = document.createElement("script");
  script.async = true;
  script.dataset.epaperGtag = "";
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
  document.head.appendChild(script);
}

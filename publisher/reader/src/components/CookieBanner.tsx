import { useEffect, useState } from "react";
import { hasConsent, loadGoogleTag, rememberConsent } from "../consent.ts";
import { useReader } from "../reader-context.ts";

/**
 * The cookie banner. The Google tag loads only once the reader accepted (now or on an earlier
 * visit); without a banner there is no consent to give, so no tag is loaded either.
 */
export function CookieBanner() {
  const { manifest, texts } = useReader();
  const { cookieBanner, analyticsTagId } = manifest.settings;
  const consentKey = manifest.name;
  const [accepted, setAccepted] = useState(() => hasConsent(consentKey));
  useEffect(() => {
    if (accepted && cookieBanner && analyticsTagId) {
      loadGoogleTag(analyticsTagId);
    }
  }, [accepted, cookieBanner, analyticsTagId]);
  if (!cookieBanner || accepted) {
    return null;
  }
  return (
    <section className="ep-cookie" aria-label={texts.cookieRegion}>
      <p>{cookieBanner.text || texts.cookieText}</p>
      <button
        type="button"
        className="ep-cookie-accept"
        onClick={() => {
          rememberConsent(consentKey);
          setAccepted(true);
        }}
      >
        {cookieBanner.button || texts.cookieAccept}
      </button>
    </section>
  );
}

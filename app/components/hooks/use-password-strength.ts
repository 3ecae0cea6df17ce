import { useEffect, useEffectEvent, useState } from "react";
import { href } from "react-router";
import { PASSWORD_MAX_LENGTH, type PasswordStrengthEstimator } from "#app/rules/account-validation";
import { isPasswordStrength, type PasswordStrength, strengthUserInputs } from "#app/rules/password-strength";

/*
 * The strength of a new password, estimated by the server (docs/decisions/0048-password-strength-
 * on-the-server.md): the estimator's dictionaries (about 1.2 MB gzipped) never reach the browser.
 * A form holds one PasswordStrengthAnswers (usePasswordStrength): its `estimator` goes into the
 * form's schema, the meter (useServerStrength) asks POST /resources/password-strength once typing
 * pauses, and every answer is kept for its password and inputs, so a re-render or a password
 * typed again asks nothing.
 */

/** Quiet time after the last keystroke before the meter asks the server. */
export const STRENGTH_DEBOUNCE_MS = 200;
/** How many answers a form keeps (the oldest go first): typing and deleting never grows it without bound. */
const MAX_ANSWERS = 64;
/** How long to wait after a 429 without a usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 60_000;
/**
 * How often the meter asks again while the server is busy (503: its share of each second for
 * estimates is used up, ADR 0048), each time after the Retry-After it names; then it gives up
 * and the action checks the rule on submit.
 */
export const BUSY_RETRIES = 3;
const DEFAULT_BUSY_RETRY_MS = 1_000;

/**
 * What the meter sends for this password and these inputs: the request's JSON body, and the key
 * of its answer. Inputs are normalised (strengthUserInputs), so that the same inputs in another
 * order or case are one request. null when there is nothing to ask: no password, or one longer
 * than any new password may be (the field says so itself).
 */
export function strengthRequestBody(password: string, userInputs: readonly string[]): string | null {
  if (!password || password.length > PASSWORD_MAX_LENGTH) return null;
  return JSON.stringify({ password, userInputs: strengthUserInputs(userInputs) });
}

/** The server's answers of one form, by request; and until when the server asked to wait (429). */
export class PasswordStrengthAnswers {
  readonly #answers = new Map<string, PasswordStrength>();
  /** Epoch ms until which the server refuses (429 Retry-After): nothing is asked before. */
  blockedUntil = 0;

  /**
   * For the form's schema (`createSignupSchema({ strength: answers.estimator })`): the server's
   * answer for this password and these inputs, or null while there is none (still asking,
   * refused, failed), which leaves the rule to the server.
   */
  readonly estimator: PasswordStrengthEstimator = (password, userInputs = []) =>
    this.get(strengthRequestBody(password, userInputs)) ?? null;

  get(request: string | null): PasswordStrength | undefined {
    return request === null ? undefined : this.#answers.get(request);
  }

  set(request: string, strength: PasswordStrength) {
    this.#answers.delete(request);
    this.#answers.set(request, strength);
    if (this.#answers.size > MAX_ANSWERS) this.#answers.delete(this.#answers.keys().next().value as string);
  }
}

/** One form's answers, kept for the form's lifetime (pass `estimator` to its schema, the object to its meter). */
export function usePasswordStrength(): PasswordStrengthAnswers {
  return useState(() => new PasswordStrengthAnswers())[0];
}

export type StrengthEstimate =
  /** Nothing to estimate: no password (or one over the maximum length). */
  | { status: "none" }
  /** The server's answer for the current password and inputs. */
  | { status: "known"; strength: PasswordStrength }
  /** Asking (or waiting for the pause in typing); `strength` is the previous answer, if any. */
  | { status: "pending"; strength: PasswordStrength | null }
  /** The server refused (429) or failed: no estimate; the action checks the rule on submit. */
  | { status: "unavailable" };

type Failure = { request: string; refused: boolean };

/**
 * The strength of `password` for the meter: asks the server STRENGTH_DEBOUNCE_MS after the last
 * change (an earlier request still on its way is aborted), unless the form already has the
 * answer. `onAnswer` runs when an answer for the current password arrives, so the form can check
 * the strength rule again.
 */
export function useServerStrength(
  answers: PasswordStrengthAnswers,
  password: string,
  userInputs: readonly string[],
  onAnswer?: () => void,
): StrengthEstimate {
  const request = strengthRequestBody(password, userInputs);
  const known = answers.get(request);
  // A new object on every answer: it re-renders even when the strength is the previous one.
  const [latest, setLatest] = useState<{ strength: PasswordStrength } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const answered = useEffectEvent(() => onAnswer?.());

  useEffect(() => {
    if (request === null) {
      setLatest(null);
      return;
    }
    if (answers.get(request) !== undefined) return;
    const controller = new AbortController();
    const wait = Math.max(STRENGTH_DEBOUNCE_MS, answers.blockedUntil - Date.now());
    const timer = setTimeout(async () => {
      const outcome = await askPatiently(request, controller.signal);
      if (controller.signal.aborted) return;
      if (outcome.kind === "answer") {
        answers.set(request, outcome.strength);
        setFailure(null);
        setLatest({ strength: outcome.strength });
        answered();
      } else if (outcome.kind === "refused") {
        answers.blockedUntil = Date.now() + outcome.retryAfterMs;
        setFailure({ request, refused: true });
      } else {
        setFailure({ request, refused: false });
      }
    }, wait);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [answers, request]);

  if (request === null) return { status: "none" };
  if (known !== undefined) return { status: "known", strength: known };
  if (failure && (failure.request === request || failure.refused)) return { status: "unavailable" };
  return { status: "pending", strength: latest?.strength ?? null };
}

export type Outcome =
  | { kind: "answer"; strength: PasswordStrength }
  | { kind: "refused"; retryAfterMs: number }
  | { kind: "busy"; retryAfterMs: number }
  | { kind: "failed" };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks, and while the server answers busy (503) asks again after its Retry-After, at most
 * BUSY_RETRIES times: a busy moment (a cold process, a machine under load) delays the meter
 * instead of switching it off for a password typed in one go. Busy to the end counts as failed.
 */
export async function askPatiently(
  body: string,
  signal: AbortSignal,
  ask: (body: string, signal: AbortSignal) => Promise<Outcome> = askServer,
  wait: (ms: number) => Promise<void> = pause,
): Promise<Exclude<Outcome, { kind: "busy" }>> {
  let outcome = await ask(body, signal);
  for (let retry = 0; outcome.kind === "busy" && retry < BUSY_RETRIES && !signal.aborted; retry += 1) {
    await wait(outcome.retryAfterMs);
    if (signal.aborted) break;
    outcome = await ask(body, signal);
  }
  return outcome.kind === "busy" ? { kind: "failed" } : outcome;
}

const retryAfterMs = (response: Response, fallbackMs: number) => {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : fallbackMs;
};

async function askServer(body: string, signal: AbortSignal): Promise<Outcome> {
  try {
    const response = await fetch(href("/resources/password-strength"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body,
      signal,
    });
    if (response.status === 429) return { kind: "refused", retryAfterMs: retryAfterMs(response, DEFAULT_RETRY_AFTER_MS) };
    if (response.status === 503) return { kind: "busy", retryAfterMs: retryAfterMs(response, DEFAULT_BUSY_RETRY_MS) };
    if (!response.ok) return { kind: "failed" };
    const answer = (await response.json()) as { strength?: unknown } | null;
    return isPasswordStrength(answer?.strength) ? { kind: "answer", strength: answer.strength } : { kind: "failed" };
  } catch {
    // Aborted (the password changed) or offline: the caller ignores the one, shows the other.
    return { kind: "failed" };
  }
}

/**
 * Has Conform check a field again the way it does after an edit: an input event on the field.
 * Conform then validates only a field it has validated before (after it was left once), so a
 * late answer never shows messages in a field the person is still typing into for the first
 * time. React ignores the event (the value did not change). Same technique as
 * use-pre-hydration-value.ts.
 */
export function revalidateField(formId: string, name: string) {
  const element = document.forms.namedItem(formId)?.elements.namedItem(name);
  if (element instanceof HTMLInputElement) element.dispatchEvent(new Event("input", { bubbles: true }));
}

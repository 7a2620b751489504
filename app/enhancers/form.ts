/**
 * What a core/form does with JavaScript (decision 056), over the form the server rendered, which
 * posts without it: the DD/MM/YYYY mask on date fields, a password's show/hide and suggestion,
 * the captcha's proof of work (decision 051), the submit button disabled while sending, and
 * conform's check of the answers before they are sent (lib/form-check.ts, decision 060).
 */
import { checkWithConform } from "./lib/form-check";

/**
 * The spec's date mask: digits as DD/MM/YYYY, where a day starts 0-3, a month 0-1 and a year 1-2;
 * a digit that breaks the rule is dropped. A native date (YYYY-MM-DD) is left alone.
 */
export function maskDate(raw: string) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const rules: Record<number, RegExp> = { 0: /[0-3]/, 2: /[01]/, 4: /[12]/ };
  let digits = "";
  for (const d of raw.replace(/\D/g, "")) {
    if (digits.length >= 8) break;
    const rule = rules[digits.length];
    if (!rule || rule.test(d)) digits += d;
  }
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join("/");
}

const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** The spec's suggestion: 8 random letters and digits, with at least one of each. */
export function suggestPassword(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  const value = Array.from(bytes, (b) => LETTERS[b % LETTERS.length]).join("");
  return /\d/.test(value) && /[A-Za-z]/.test(value) ? value : suggestPassword(length);
}

/** The number of zero bits a hash starts with. */
export function leadingZeroBits(bytes: Uint8Array) {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The captcha's puzzle: the first `solution` whose SHA-256(`challenge:solution`) starts with `difficulty` zero bits. */
export async function solveCaptcha(challenge: string, difficulty: number, limit = 50_000_000) {
  const encoder = new TextEncoder();
  // In batches: one await per 512 hashes, not per hash, which is several times faster.
  const batch = 512;
  for (let start = 0; start < limit; start += batch) {
    const hashes = await Promise.all(
      Array.from({ length: batch }, (_, i) =>
        crypto.subtle.digest("SHA-256", encoder.encode(`${challenge}:${start + i}`)),
      ),
    );
    const found = hashes.findIndex((h) => leadingZeroBits(new Uint8Array(h)) >= difficulty);
    if (found >= 0) return String(start + found);
  }
  return null;
}

const buttonClass =
  "mt-1 shrink-0 rounded-md border border-stone-400 px-3 py-1.5 text-sm font-medium hover:bg-stone-100 dark:border-stone-500 dark:hover:bg-stone-800";

function password(input: HTMLInputElement) {
  const wrap = input.parentElement;
  if (!wrap) return;
  const { passwordShow = "Show", passwordHide = "Hide", passwordSuggest = "Suggest a password" } = input.dataset;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = buttonClass;
  toggle.setAttribute("aria-controls", input.id);
  const show = (shown: boolean) => {
    input.type = shown ? "text" : "password";
    toggle.textContent = shown ? passwordHide : passwordShow;
    toggle.setAttribute("aria-pressed", String(shown));
  };
  show(false);
  toggle.addEventListener("click", () => show(input.type === "password"));
  const suggest = document.createElement("button");
  suggest.type = "button";
  suggest.className = "mt-2 block text-sm text-brand underline";
  suggest.textContent = passwordSuggest;
  suggest.addEventListener("click", () => {
    input.value = suggestPassword();
    show(true);
    input.focus();
  });
  wrap.append(toggle);
  wrap.after(suggest);
}

export default function form(el: HTMLElement) {
  if (!(el instanceof HTMLFormElement) || el.dataset.formReady) return;
  el.dataset.formReady = "";
  // First: a wrong answer stops the post before the handlers below see it.
  checkWithConform(el);

  for (const input of el.querySelectorAll<HTMLInputElement>("input[data-date-mask]")) {
    input.addEventListener("input", () => {
      const masked = maskDate(input.value);
      if (masked !== input.value) input.value = masked;
    });
  }
  for (const input of el.querySelectorAll<HTMLInputElement>("input[data-password]")) password(input);

  const solution = el.querySelector<HTMLInputElement>('input[name="captcha_solution"]');
  const challenge = el.querySelector<HTMLInputElement>('input[name="captcha_challenge"]');
  // The puzzle costs the browser a few seconds of work: only for a visitor who starts on the
  // form (a first focus or input), never for everyone who views the page.
  let solving: Promise<void> | null = null;
  const solve = () => {
    if (solving) return solving;
    solving = Promise.resolve();
    if (solution && challenge && crypto.subtle) {
      const difficulty = Number(solution.dataset.captchaDifficulty ?? "0");
      solving = solveCaptcha(challenge.value, difficulty).then((found) => {
        if (found === null) return;
        solution.value = found;
        // Solved: the post is no longer the no-JavaScript fallback.
        el.querySelector('input[name="captcha_nojs"]')?.remove();
        el.dataset.captcha = "solved";
      });
    }
    return solving;
  };
  if (solution) {
    el.addEventListener("focusin", solve, { once: true });
    el.addEventListener("input", solve, { once: true });
  }

  let sending = false;
  el.addEventListener("submit", (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    const buttons = el.querySelectorAll<HTMLButtonElement>('button[type="submit"]');
    if (solution && !solution.value) {
      // Still solving the puzzle: send once it is done.
      event.preventDefault();
      sending = true;
      for (const b of buttons) b.disabled = true;
      el.setAttribute("aria-busy", "true");
      void solve().then(() => {
        sending = false;
        for (const b of buttons) b.disabled = false;
        el.requestSubmit();
      });
      return;
    }
    sending = true;
    el.setAttribute("aria-busy", "true");
    // After this event: a disabled button would leave its own name out of the post.
    setTimeout(() => {
      for (const b of buttons) {
        b.disabled = true;
        if (el.dataset.formBusy) b.textContent = el.dataset.formBusy;
      }
    }, 0);
  });
}

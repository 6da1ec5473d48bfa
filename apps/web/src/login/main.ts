import { ErrorCode } from '@rx/contracts/errors';
import type { Language } from '@rx/contracts/languages';
import './login.css';
import { applyDocumentLanguage } from '@/shared/document-language.ts';
import { storage } from '@/shared/storage.ts';
import { signInApi } from './api.ts';
import { chooseLanguage } from './language.ts';
import { loadStrings, type LoginStrings } from './strings.ts';
import { consoleLinkTarget } from './target.ts';
import { createLoginView, type FieldName } from './view.ts';

const pageQuery = new URLSearchParams(window.location.search);
let language: Language = chooseLanguage(pageQuery, {
  chosen: storage.loginLanguage.get(),
  userLanguage: storage.userInfo.get()?.default_lang,
  cpConfig: storage.platformConfig.get(),
});
let strings: LoginStrings = await loadStrings(language);

const view = createLoginView(document.getElementById('login')!);
applyDocumentLanguage(language);
view.setStrings(strings, language);
view.focus('username');

/** The captcha being worked out, and its number: a newer one replaces it (a spent or failed one is asked again). */
let solving: Promise<void> | undefined;
let attempt = 0;

/**
 * Asks for a new proof-of-work challenge and works it out in the background (the solver, ALTCHA's,
 * is loaded only now: most sign-ins never need it).
 */
function refreshCaptcha(): Promise<void> {
  const mine = ++attempt;
  view.showCaptcha('working');
  solving = (async () => {
    try {
      const answer = await signInApi.captcha(language);
      if (answer.code !== 0 || !answer.data) throw new Error('no challenge');
      const { solveCaptcha } = await import('./captcha.ts');
      const code = await solveCaptcha(answer.data.challenge);
      if (attempt === mine) view.showCaptcha(code ? 'solved' : 'failed', code ?? '');
    } catch {
      if (attempt === mine) view.showCaptcha('failed');
    }
  })();
  return solving;
}

/** Client-side checks; the messages come from login.json. */
function missingFields(values: ReturnType<typeof view.values>): [FieldName, string][] {
  const missing: [FieldName, string][] = [];
  if (!values.username) missing.push(['username', strings.usernameRequired]);
  if (!values.password) missing.push(['password', strings.passwordRequired]);
  if (view.captchaShown && !values.code) missing.push(['code', strings.captchaRequired]);
  return missing;
}

async function goToConsole(): Promise<boolean> {
  const link = await signInApi.platformLink(language);
  if (link.code !== 0 || !link.data) {
    view.setFormError(link.msg || strings.failed);
    return false;
  }
  const target = consoleLinkTarget(link.data.url, pageQuery, storage.returnTo.get(), window.location.origin);
  storage.returnTo.remove();
  window.location.assign(target);
  return true;
}

async function submit(): Promise<void> {
  view.clearErrors();
  // A captcha still being worked out is waited for, the button showing the form is busy.
  if (view.captchaShown && solving) {
    view.setBusy(true);
    await solving;
    view.setBusy(false);
  }
  const values = view.values();
  const missing = missingFields(values);
  if (missing.length) {
    for (const [name, message] of missing) view.setFieldError(name, message);
    view.focus(missing[0]![0]);
    return;
  }
  view.setBusy(true);
  let leaving = false;
  try {
    const answer = await signInApi.signIn(language, values);
    if (answer.code === 0) {
      leaving = await goToConsole();
      return;
    }
    const message = answer.msg || strings.failed;
    switch (answer.code) {
      case ErrorCode.CAPTCHA_REQUIRED:
      case ErrorCode.CAPTCHA_WRONG:
        // Worked out anew in the background; the next press of the button waits for it.
        void refreshCaptcha();
        view.setFieldError('code', message);
        view.focus('code');
        return;
      case ErrorCode.INVALID_INPUT: {
        const fields = Object.entries(answer.data?.fields ?? {});
        const known = fields.filter((entry): entry is [FieldName, string] => entry[0] in view.fields);
        for (const [name, fieldMessage] of known) view.setFieldError(name, fieldMessage);
        if (known.length !== fields.length || !known.length) view.setFormError(message);
        view.focus(known[0]?.[0] ?? 'username');
        return;
      }
      default:
        // 401001 wrong credentials, 429001 too many attempts, anything else: the server's message.
        view.setFormError(message);
        view.fields.password.input.value = '';
        // A used captcha is spent; the server may also start asking for one after failures.
        if (view.captchaShown || answer.data?.captcha_required) void refreshCaptcha();
        view.focus('password');
    }
  } catch {
    view.setFormError(strings.networkError);
  } finally {
    if (!leaving) view.setBusy(false);
  }
}

view.form.addEventListener('submit', (event) => {
  event.preventDefault();
  void submit();
});

view.captchaButton.addEventListener('click', () => void refreshCaptcha());

view.language.addEventListener('change', async () => {
  const next = view.language.value as Language;
  storage.loginLanguage.set(next);
  // The saved choice now decides; a `?lang=` left in the address would override it on reload.
  if (pageQuery.has('lang')) {
    pageQuery.delete('lang');
    const search = pageQuery.toString();
    history.replaceState(
      null,
      '',
      window.location.pathname + (search ? `?${search}` : '') + window.location.hash,
    );
  }
  const nextStrings = await loadStrings(next);
  language = next;
  strings = nextStrings;
  applyDocumentLanguage(next);
  view.clearErrors();
  view.setStrings(nextStrings, next);
});

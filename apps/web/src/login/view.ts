import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@rx/contracts/languages';
import { htmlLang } from '@/shared/document-language.ts';
import type { LoginStrings } from './strings.ts';

/** The sign-in form as plain DOM: built once, texts swapped when the language changes. */

type Props<K extends keyof HTMLElementTagNameMap> = Partial<Omit<HTMLElementTagNameMap[K], 'style'>>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props<K> = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export type FieldName = 'username' | 'password' | 'code';

interface Field {
  box: HTMLDivElement;
  label: HTMLLabelElement;
  /** The control: an input, or the captcha's status (an `<output>` the browser fills by working). */
  input: HTMLInputElement | HTMLOutputElement;
  error: HTMLParagraphElement;
}

/** Where the proof-of-work captcha is: working it out, solved, or failed to load or solve. */
export type CaptchaState = 'working' | 'solved' | 'failed';

function field(name: FieldName, input: Props<'input'>): Field {
  const label = el('label', { htmlFor: name });
  const error = el('p', { id: `${name}-error`, className: 'field-error' });
  const control = el('input', { id: name, name, required: true, ...input });
  control.setAttribute('aria-describedby', error.id);
  const box = el('div', { className: 'field' }, label, control, error);
  return { box, label, input: control, error };
}

/**
 * The captcha: nothing to type. The browser works out a proof of work and says where it is; a
 * failed one offers a retry. Its solution is kept here until the form is sent.
 */
function captchaField(): Field & { retry: HTMLButtonElement } {
  const label = el('label', { htmlFor: 'code' });
  const error = el('p', { id: 'code-error', className: 'field-error' });
  const status = el('output', { id: 'code', className: 'captcha-status', tabIndex: -1 });
  status.setAttribute('aria-live', 'polite');
  status.setAttribute('aria-describedby', error.id);
  const retry = el('button', { type: 'button', className: 'captcha-retry', hidden: true });
  const box = el('div', { className: 'field' }, label, status, retry, error);
  return { box, label, input: status, error, retry };
}

export function createLoginView(root: HTMLElement) {
  const heading = el('h1', { className: 'heading' });
  const subtitle = el('p', { className: 'subtitle' });
  const languageLabel = el('label', { htmlFor: 'language' });
  const language = el(
    'select',
    { id: 'language', className: 'language' },
    // Each name is written in its own language; `lang` tells screen readers which one.
    ...LANGUAGES.map((code) =>
      el('option', { value: code, textContent: LANGUAGE_NAMES[code], lang: htmlLang(code) }),
    ),
  );

  const formError = el('div', { id: 'form-error', className: 'form-error' });
  formError.setAttribute('role', 'alert');
  formError.setAttribute('aria-live', 'assertive');

  const username = field('username', {
    type: 'text',
    autocomplete: 'username',
    autocapitalize: 'none',
    spellcheck: false,
  });
  const password = field('password', { type: 'password', autocomplete: 'current-password' });
  const code = captchaField();
  code.box.hidden = true;
  let captcha: { state: CaptchaState; solution: string } = { state: 'working', solution: '' };

  const submit = el('button', { type: 'submit', className: 'submit' });
  const form = el('form', { noValidate: true }, formError, username.box, password.box, code.box, submit);

  root.replaceChildren(
    el(
      'div',
      { className: 'card' },
      el('header', { className: 'card-header' }, heading, subtitle),
      form,
      el('div', { className: 'language-row' }, languageLabel, language),
    ),
  );

  const fields: Record<FieldName, Field> = { username, password, code };
  let strings: LoginStrings;
  let busy = false;

  return {
    form,
    language,
    captchaButton: code.retry,
    fields,

    setStrings(next: LoginStrings, lang: Language) {
      strings = next;
      document.title = next.title;
      heading.textContent = next.heading;
      subtitle.textContent = next.subtitle;
      languageLabel.textContent = next.language;
      language.value = lang;
      username.label.textContent = next.username;
      password.label.textContent = next.password;
      code.label.textContent = next.captcha;
      code.retry.textContent = next.captchaLoadFailed;
      this.showCaptcha(captcha.state, captcha.solution, code.box.hidden === true);
      submit.textContent = busy ? next.submitting : next.submit;
    },

    values() {
      return {
        username: username.input.value.trim(),
        password: password.input.value,
        code: captcha.solution,
      };
    },

    get captchaShown() {
      return !code.box.hidden;
    },

    showCaptcha(state: CaptchaState, solution = '', hidden = false) {
      captcha = { state, solution: state === 'solved' ? solution : '' };
      code.box.hidden = hidden;
      code.box.dataset.state = state;
      code.input.textContent =
        state === 'working' ? strings.captchaWorking : state === 'solved' ? strings.captchaSolved : '';
      code.input.hidden = state === 'failed';
      code.retry.hidden = state !== 'failed';
    },

    setBusy(next: boolean) {
      busy = next;
      submit.disabled = next;
      submit.classList.toggle('busy', next);
      form.setAttribute('aria-busy', String(next));
      submit.textContent = next ? strings.submitting : strings.submit;
    },

    setFieldError(name: FieldName, message: string) {
      const { input, error } = fields[name];
      error.textContent = message;
      input.setAttribute('aria-invalid', 'true');
    },

    setFormError(message: string) {
      formError.textContent = message;
    },

    clearErrors() {
      formError.textContent = '';
      for (const { input, error } of Object.values(fields)) {
        error.textContent = '';
        input.removeAttribute('aria-invalid');
      }
    },

    focus(name: FieldName) {
      fields[name].input.focus();
    },
  };
}

export type LoginView = ReturnType<typeof createLoginView>;

/**
 * An allow-list HTML sanitiser for help-article bodies (rich text from the console's editor, shown
 * to players in game web views). Only the tags and attributes below survive; `script`, `style` and
 * the other elements whose content is code are dropped with their content; other unknown tags are
 * dropped but keep their text; `on*` handlers never pass; links and images keep safe schemes only.
 * The output is well formed: every kept element is closed, text and attribute values are escaped.
 */

const VOID_TAGS = new Set(['br', 'hr', 'img']);

/** Tag → the attributes it may keep (besides the global ones). */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  pre: [],
  code: [],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};
const GLOBAL_ATTRIBUTES = ['class', 'style', 'dir', 'lang'];

/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'title',
  'xmp',
  'head',
]);

/** CSS properties `style` may set, each with a value that cannot load anything or run code. */
const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'text-align',
  'font-weight',
  'font-style',
  'font-size',
  'text-decoration',
  'line-height',
  'margin-left',
  'padding-left',
  'width',
  'height',
]);
const SAFE_STYLE_VALUE = /^[#\w\s.,%()+-]*$/;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
};

/** Decodes character references; an unknown named one makes the value unsafe (null). */
function decodeEntities(value: string): string | null {
  let unknown = false;
  const decoded = value.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    const known = ENTITIES[name.toLowerCase()];
    if (known === undefined) unknown = true;
    return known ?? whole;
  });
  return unknown ? null : decoded;
}

function escapeText(text: string): string {
  return text
    .replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A URL that can neither run script nor load from an unexpected scheme; null when refused. */
export function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  const decoded = decodeEntities(raw);
  if (decoded === null) return null;
  // Browsers ignore control characters and whitespace inside a scheme (`java\tscript:`).
  const compact = [...decoded]
    .filter((c) => c.charCodeAt(0) > 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f))
    .join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // Relative: a path, a query or a fragment (`//host/…` keeps the page's http(s) scheme).
    return decoded.trim();
  }
  const allowed = kind === 'link' ? ['http', 'https', 'mailto', 'tel'] : ['http', 'https'];
  if (allowed.includes(scheme)) return decoded.trim();
  if (
    kind === 'image' &&
    scheme === 'data' &&
    /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i.test(compact)
  ) {
    return compact;
  }
  return null;
}

function safeStyle(raw: string): string | null {
  const decoded = decodeEntities(raw);
  if (decoded === null || /[\\]|\/\*|url\s*\(|expression|@import/i.test(decoded)) return null;
  const kept: string[] = [];
  for (const declaration of decoded.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (STYLE_PROPERTIES.has(property) && value && SAFE_STYLE_VALUE.test(value))
      kept.push(`${property}: ${value}`);
  }
  return kept.length ? kept.join('; ') : null;
}

function cleanAttribute(name: string, raw: string): string | null {
  if (name === 'href') return safeUrl(raw, 'link');
  if (name === 'src') return safeUrl(raw, 'image');
  if (name === 'style') return safeStyle(raw);
  const decoded = decodeEntities(raw) ?? raw;
  if (name === 'target') return decoded === '_blank' ? '_blank' : null;
  if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name))
    return /^\d{1,4}%?$/.test(decoded) ? decoded : null;
  if (name === 'dir') return ['ltr', 'rtl', 'auto'].includes(decoded) ? decoded : null;
  if (name === 'class') return decoded.replace(/[^\w\s-]/g, '').trim() || null;
  return decoded;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  end: number;
}

/** Reads the tag starting at `<` at `start`, or null when it is not one (the `<` is text then). */
function readTag(html: string, start: number): Tag | null {
  const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(start, start + 64));
  if (!match) return null;
  let at = start + match[0].length;
  const attributes: [string, string][] = [];
  const attribute = /\s*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|\s*\/?/y;
  while (at < html.length && html[at] !== '>') {
    attribute.lastIndex = at;
    const found = attribute.exec(html);
    if (!found || found[0].length === 0) {
      at++;
      continue;
    }
    at += found[0].length;
    if (found[1]) attributes.push([found[1].toLowerCase(), found[2] ?? found[3] ?? found[4] ?? '']);
  }
  if (at >= html.length) return null;
  return { name: match[2]!.toLowerCase(), closing: match[1] === '/', attributes, end: at + 1 };
}

export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      out += escapeText(html.slice(at));
      break;
    }
    out += escapeText(html.slice(at, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      at = end < 0 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out += '&lt;';
      at = lt + 1;
      continue;
    }
    at = tag.end;
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      if (!tag.closing) {
        // Skip to the matching end tag (its content is code or raw text, never markup to keep).
        const close = new RegExp(`</${tag.name}\\s*>`, 'gi');
        close.lastIndex = at;
        const found = close.exec(html);
        at = found ? found.index + found[0].length : html.length;
      }
      continue;
    }
    const allowed = ALLOWED[tag.name];
    if (!allowed) continue;
    if (tag.closing) {
      const index = open.lastIndexOf(tag.name);
      if (index < 0) continue;
      while (open.length > index) out += `</${open.pop()}>`;
      continue;
    }
    let attributes = '';
    const seen = new Set<string>();
    for (const [name, raw] of tag.attributes) {
      if (seen.has(name) || !(allowed.includes(name) || GLOBAL_ATTRIBUTES.includes(name))) continue;
      seen.add(name);
      const value = cleanAttribute(name, raw);
      if (value !== null) attributes += ` ${name}="${escapeAttribute(value)}"`;
    }
    if (tag.name === 'a' && seen.has('target')) attributes += ' rel="noopener noreferrer"';
    if (tag.name === 'img' && !attributes.includes(' src="')) continue;
    out += `<${tag.name}${attributes}>`;
    if (!VOID_TAGS.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

import sanitize from 'sanitize-html';
import { LANGUAGES, type OptionalI18nText } from '@rx/contracts';

/**
 * The one sanitiser for rich text staff write and players or staff read as HTML (help articles;
 * announcements, mail and landing pages use it too). Built on sanitize-html with an allow-list:
 * only the tags and attributes below survive; elements whose content is code or raw text are
 * dropped with their content; other unknown tags are unwrapped and keep their text; `on*` handlers
 * never pass; links and images keep safe schemes only; styles keep a few harmless properties.
 */

/** Tag → the attributes it may keep (besides the global ones). */
const TAGS: Record<string, string[]> = {
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
  a: ['href', 'title', 'target', 'rel'],
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

/** Elements dropped together with everything inside them (code, raw text, foreign markup). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'title',
  'xmp',
  'plaintext',
  'listing',
  'head',
  'xml',
];

/**
 * A style value that can neither load anything nor run code: words, numbers, units, colours and
 * the colour functions; no `url(`, `expression(`, escapes, comments, quotes or colons.
 */
const STYLE_VALUE = /^(?:[#\w\s.,%+-]|(?:rgba?|hsla?)\([\d\s.,%+-]*\))*$/i;
const STYLE_PROPERTIES = [
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
];

const LINK_SCHEMES = ['http', 'https', 'mailto'];
const IMAGE_SCHEMES = ['http', 'https'];
const RASTER_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i;

/**
 * Characters a browser or a later `trim()` may drop or ignore around and inside a scheme: every
 * control, format (zero-width, bidi, BOM) and Unicode space or line/paragraph separator.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/gu;

/**
 * A link or image URL that can neither run script nor load from an unexpected scheme; null when
 * refused. The scheme is judged with every invisible character removed (attribute values reach
 * here with their character references decoded), so `&#160;javascript:` or `java\u200bscript:`
 * cannot hide it. Relative URLs stay allowed, except when a `&` precedes the first `/`, `?` or `#`:
 * a character reference left after decoding could hide a colon from a renderer that decodes again.
 */
export function richTextUrl(raw: string, kind: 'link' | 'image'): string | null {
  const compact = raw.replace(INVISIBLE, '');
  const head = /^[^/?#]*/.exec(compact)![0];
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(head)?.[1]?.toLowerCase();
  if (scheme === undefined) return head.includes(':') || head.includes('&') ? null : raw.trim();
  if ((kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES).includes(scheme)) return raw.trim();
  if (kind === 'image' && RASTER_DATA_IMAGE.test(compact)) return compact;
  return null;
}

const NUMBER = /^\d{1,4}%?$/;

/** Checks the values of the attributes sanitize-html's allow-list lets through by name. */
function cleanAttributes(tag: string, attributes: sanitize.Attributes): sanitize.Attributes {
  const kept: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    let clean: string | null = value;
    if (name === 'href') clean = richTextUrl(value, 'link');
    else if (name === 'src') clean = richTextUrl(value, 'image');
    else if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name))
      clean = NUMBER.test(value) ? value : null;
    else if (name === 'dir') clean = ['ltr', 'rtl', 'auto'].includes(value) ? value : null;
    else if (name === 'class') clean = value.replace(/[^\w\s-]/g, '').trim() || null;
    else if (name === 'target') clean = value === '_blank' ? value : null;
    else if (name === 'rel') clean = null;
    if (clean !== null) kept[name] = clean;
  }
  // A new window opened from a player's web view must not reach back into it.
  if (tag === 'a' && kept.target) kept.rel = 'noopener noreferrer';
  return kept;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(TAGS),
  allowedAttributes: { ...TAGS, '*': GLOBAL_ATTRIBUTES },
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES, 'data'] },
  allowProtocolRelative: true,
  allowedStyles: {
    '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [STYLE_VALUE]])),
  },
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }),
  },
  // An image without a safe source is nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised HTML: well formed, every kept element closed, text and attribute values escaped. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS);
}

/** Every language's rich text through the sanitiser (what staff typed may hold anything); '' where absent. */
export function sanitizeEachLanguage(body: Partial<OptionalI18nText>): OptionalI18nText {
  const clean = {} as OptionalI18nText;
  for (const lang of LANGUAGES) clean[lang] = body[lang] ? sanitizeRichText(body[lang]) : '';
  return clean;
}

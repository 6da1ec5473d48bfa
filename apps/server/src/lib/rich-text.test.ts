import { describe, expect, it } from 'vitest';
import { richTextUrl, sanitizeRichText } from './rich-text.ts';
import { XSS_VECTORS } from './rich-text.vectors.ts';

const ALLOWED_TAGS = new Set(
  'p br hr div span b strong i em u s del ins sub sup small mark h1 h2 h3 h4 h5 h6 ul ol li blockquote pre code a img figure figcaption table thead tbody tfoot tr th td'.split(
    ' ',
  ),
);
const ALLOWED_ATTRIBUTES = new Set(
  'class style dir lang start href title target rel src alt width height colspan rowspan'.split(' '),
);

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * What in sanitised HTML could run: a tag outside the allow-list or a `<` that starts no tag (the
 * output is canonical, so every tag matches TAG), an attribute outside the allow-list or named
 * `on*`, a script-capable URL in href/src, or a style that can load or evaluate anything.
 */
function executableConstructs(html: string): string[] {
  const found: string[] = [];
  const TAG = /<(\/?)([a-z0-9]+)((?:\s[a-z-]+(?:="[^"]*")?)*)\s*\/?>/g;
  for (const [, , name, attributes] of html.matchAll(TAG)) {
    if (!ALLOWED_TAGS.has(name!)) found.push(`tag ${name}`);
    for (const [, attribute, raw = ''] of attributes!.matchAll(/\s([a-z-]+)(?:="([^"]*)")?/g)) {
      const value = decode(raw);
      if (!ALLOWED_ATTRIBUTES.has(attribute!) || attribute!.startsWith('on'))
        found.push(`attribute ${attribute}`);
      const compact = value.replace(/[\p{Cc}\p{Cf}\p{Z}]/gu, '').toLowerCase();
      if (
        (attribute === 'href' || attribute === 'src') &&
        /^(javascript|vbscript|livescript|data):/.test(compact) &&
        !(name === 'img' && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/.test(compact))
      )
        found.push(`${attribute} ${value}`);
      if (attribute === 'style' && /expression|url\s*\(|behavior|binding|javascript|@import|\\/i.test(value))
        found.push(`style ${value}`);
    }
  }
  if (html.replace(TAG, '').includes('<')) found.push('stray <');
  return found;
}

describe('sanitizeRichText', () => {
  it('keeps the rich text an editor produces', () => {
    const html =
      '<h2>充值问题</h2><p>Tap <strong>Shop</strong> → <em>Top up</em>.<br />Then wait.</p>' +
      '<ul><li>one</li><li>two</li></ul><p><a href="https://help.example.com/a?x=1&amp;y=2" title="More">more</a></p>' +
      '<img src="/uploads/a.png" alt="shop" /><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>' +
      '<p dir="rtl" lang="ar" class="note">مرحبا</p><ol start="3"><li>three</li></ol>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<p>a<br>b</p>')).toBe('<p>a<br />b</p>');
  });

  it('drops script, style and the like with their content', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
    expect(sanitizeRichText('<SCRIPT type="text/javascript">x<p>y</p></SCRIPT >z')).toBe('z');
    expect(
      sanitizeRichText('<iframe src="https://evil.example"></iframe><svg><script>1</script></svg>ok'),
    ).toBe('ok');
    expect(sanitizeRichText('a<script>never closed')).toBe('a');
  });

  it('removes event handlers and unknown attributes; a new window gets noopener', () => {
    expect(sanitizeRichText('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png" />');
    expect(sanitizeRichText('<p onclick=alert(1) ONMOUSEOVER="x" data-x="1" id="p">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<a href="/x" target="_blank" rel="opener">t</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">t</a>',
    );
    expect(sanitizeRichText('<a href="/x" target="_top" rel="opener">t</a>')).toBe('<a href="/x">t</a>');
    expect(sanitizeRichText('<td colspan="2 onclick=x" dir="up">t</td>')).toBe('<td>t</td>');
  });

  it('refuses javascript: and other unsafe URLs, however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      '&#160;javascript:alert(1)',
      '\u00a0javascript:alert(1)',
      '&#x3000;javascript:alert(1)',
      '\u2028javascript:alert(1)',
      '&#65279;javascript:alert(1)',
      'java\u200bscript:alert(1)',
      '&amp;#106;avascript:alert(1)',
      'vbscript:x',
      'data:text/html;base64,PHNjcmlwdD4=',
      'tel:+861234',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeRichText('<img src="&#160;javascript:alert(1)">x')).toBe('x');
    expect(richTextUrl('mailto:help@example.com', 'link')).toBe('mailto:help@example.com');
    expect(richTextUrl('mailto:help@example.com', 'image')).toBeNull();
    expect(richTextUrl('data:image/png;base64,iVBORw0KGgo=', 'image')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(richTextUrl('data:image/svg+xml;base64,PHN2Zz4=', 'image')).toBeNull();
    expect(richTextUrl('#top', 'link')).toBe('#top');
    expect(richTextUrl('//cdn.example.com/a.png', 'image')).toBe('//cdn.example.com/a.png');
    expect(richTextUrl('\u00a0https://example.com/a b', 'link')).toBe('https://example.com/a b');
  });

  it('keeps only harmless styles', () => {
    expect(sanitizeRichText('<span style="color: red; position: fixed; font-weight: bold">t</span>')).toBe(
      '<span style="color:red;font-weight:bold">t</span>',
    );
    expect(sanitizeRichText('<p style="color: rgb(255, 0, 0); text-align: center">t</p>')).toBe(
      '<p style="color:rgb(255, 0, 0);text-align:center">t</p>',
    );
    expect(sanitizeRichText('<p style="background-color: url(javascript:alert(1))">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<p style="width: expression(alert(1))">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<p style="width: url(x.png)">t</p>')).toBe('<p>t</p>');
  });

  it('escapes text, unwraps unknown tags and balances the markup', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2 &amp; &copy;')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; ©');
    expect(sanitizeRichText('<custom-tag>kept text</custom-tag><font color=red>x</font>')).toBe('kept textx');
    expect(sanitizeRichText('<p><b>open')).toBe('<p><b>open</b></p>');
    expect(sanitizeRichText('</div>stray<p>a</b></p>')).toBe('stray<p>a</p>');
    expect(sanitizeRichText('<!-- <script>alert(1)</script> -->after<!doctype html>')).toBe('after');
    expect(sanitizeRichText('<a title="&quot;><script>alert(1)</script>">t</a>')).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">t</a>',
    );
    expect(sanitizeRichText('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it(`leaves nothing executable in any of the ${XSS_VECTORS.length} OWASP, mXSS and Unicode vectors`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(150);
    const unsafe = XSS_VECTORS.map((vector) => ({ vector, html: sanitizeRichText(vector) }))
      .map(({ vector, html }) => ({ vector, html, found: executableConstructs(html) }))
      .filter(({ found }) => found.length > 0);
    expect(unsafe).toEqual([]);
    // The check itself sees what it must refuse.
    expect(executableConstructs('<img src=x onerror=xss()>')).not.toEqual([]);
    expect(executableConstructs('<a href="&#160;javascript:xss()">x</a>')).not.toEqual([]);
    expect(executableConstructs('<p style="width:expression(xss())">x</p>')).not.toEqual([]);
  });

  it('is stable: sanitising its own output changes nothing', () => {
    for (const vector of XSS_VECTORS) {
      const once = sanitizeRichText(vector);
      expect(sanitizeRichText(once), vector).toBe(once);
    }
  });
});

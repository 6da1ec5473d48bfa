import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps the rich text an editor produces', () => {
    const html =
      '<h2>充值问题</h2><p>Tap <strong>Shop</strong> → <em>Top up</em>.<br>Then wait.</p>' +
      '<ul><li>one</li><li>two</li></ul><p><a href="https://help.example.com/a?x=1&amp;y=2" title="More">more</a></p>' +
      '<img src="/uploads/a.png" alt="shop"><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops script, style and the like with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
    expect(sanitizeHtml('<SCRIPT type="text/javascript">x<p>y</p></SCRIPT >z')).toBe('z');
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><svg><script>1</script></svg>ok')).toBe(
      'ok',
    );
    expect(sanitizeHtml('a<script>never closed')).toBe('a');
  });

  it('removes event handlers and unknown attributes', () => {
    expect(sanitizeHtml('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png">');
    expect(sanitizeHtml('<p onclick=alert(1) ONMOUSEOVER="x" data-x="1" id="p">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<a href="/x" target="_blank">t</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">t</a>',
    );
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
      'vbscript:x',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(safeUrl('mailto:help@example.com', 'link')).toBe('mailto:help@example.com');
    expect(safeUrl('mailto:help@example.com', 'image')).toBeNull();
    expect(safeUrl('data:image/png;base64,iVBORw0KGgo=', 'image')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeUrl('#top', 'link')).toBe('#top');
  });

  it('keeps only harmless styles', () => {
    expect(sanitizeHtml('<span style="color: red; position: fixed; font-weight: bold">t</span>')).toBe(
      '<span style="color: red; font-weight: bold">t</span>',
    );
    expect(sanitizeHtml('<p style="background-color: url(javascript:alert(1))">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<p style="width: expression(alert(1))">t</p>')).toBe('<p>t</p>');
  });

  it('escapes text, unwraps unknown tags and balances the markup', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2 &amp; &copy;')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; &copy;');
    expect(sanitizeHtml('<custom-tag>kept text</custom-tag><font color=red>x</font>')).toBe('kept textx');
    expect(sanitizeHtml('<p><b>open')).toBe('<p><b>open</b></p>');
    expect(sanitizeHtml('</div>stray<p>a</b></p>')).toBe('stray<p>a</p>');
    expect(sanitizeHtml('<!-- <script>alert(1)</script> -->after<!doctype html>')).toBe('after');
    expect(sanitizeHtml('<a title="&quot;><script>alert(1)</script>">t</a>')).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">t</a>',
    );
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });
});

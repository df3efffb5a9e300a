import { describe, expect, it } from 'vitest';
import { hasRichContent, mentionedUserIds, sanitizeRichText } from './rich-text';

describe('rich text from the editors', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<p>Hei <strong>du</strong>, se <a href="https://example.no/a">her</a></p><ul><li><em>én</em></li></ul>' +
      '<p><span data-type="mention" class="mention" data-id="7" data-label="Kari">@Kari</span></p>';
    const kept = sanitizeRichText(html);
    expect(kept).toContain('<strong>du</strong>');
    expect(kept).toContain('href="https://example.no/a"');
    expect(kept).toContain('rel="noopener noreferrer nofollow"');
    expect(kept).toContain('data-id="7"');
    expect(kept).toContain('<li><em>én</em></li>');
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<style>p{}</style><svg onload="alert(1)"></svg>', ''],
    ['<img src="https://evil.example/track.png">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<span style="color:red" onmouseover="x()">a</span>', '<span>a</span>'],
  ])('removes what could run or track: %s', (html, kept) => {
    expect(sanitizeRichText(html)).toBe(kept);
  });

  it('keeps images from the editor upload and inline ones', () => {
    const own = `<img src="/api/task/editor-images/12-${'a'.repeat(32)}.png">`;
    const inline = '<img src="data:image/png;base64,iVBORw0KGgo=">';
    expect(sanitizeRichText(own)).toBe(own.replace('>', ' />'));
    expect(sanitizeRichText(inline)).toBe(inline.replace('>', ' />'));
  });

  it('reads the users mentioned, once each', () => {
    const html =
      '<span data-type="mention" data-id="7">@A</span> <span data-type="mention" data-id="9">@B</span>' +
      '<span data-type="mention" data-id="7">@A</span><span data-id="3">not a mention</span>';
    expect(mentionedUserIds(html)).toEqual([7, 9]);
  });

  it('tells an empty text from one with something in it', () => {
    expect(hasRichContent('<p></p><p>&nbsp; </p>')).toBe(false);
    expect(hasRichContent('<p>x</p>')).toBe(true);
    expect(hasRichContent('<p><img src="data:image/png;base64,AA=="></p>')).toBe(true);
  });
});

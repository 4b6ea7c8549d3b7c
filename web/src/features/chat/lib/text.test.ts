import { describe, expect, it } from 'vitest';
import { markdownToPlainText, messagePreview, previewText } from './text';

describe('previewText', () => {
  it('shows the rendered text, not the markdown', () => {
    expect(previewText('**bold** and _em_ and ~~gone~~ and `code`', 100)).toBe(
      'bold and em and gone and code',
    );
    expect(previewText('```js\nconst a = 1;\n```\nafter', 100)).toBe('const a = 1; after');
    expect(previewText('# Title\n> quoted\n- item\n1. first', 100)).toBe('Title quoted item first');
    expect(previewText('see [the docs](https://example.org) ![pic](/emoji/smile.svg)', 100)).toBe(
      'see the docs pic',
    );
  });

  it('keeps snake_case words and lone stars, and cuts at max', () => {
    expect(markdownToPlainText('snake_case_name 2 * 3')).toBe('snake_case_name 2 * 3');
    expect(previewText('x'.repeat(10), 4)).toBe('xxxx…');
  });
});

describe('messagePreview', () => {
  const file = (name: string) => ({
    id: 'A'.repeat(22),
    kind: 'file' as const,
    name,
    size: 1,
    mime: 'application/pdf',
    width: null,
    height: null,
    url: '/',
    thumbnail_url: null,
  });
  it('shows the text, or the attachment names of a message without text', () => {
    expect(messagePreview({ message: '**hi**', attachments: [file('a.pdf')] }, 50)).toBe('hi');
    expect(messagePreview({ message: '', attachments: [file('a.pdf'), file('b.zip')] }, 50)).toBe(
      '📎 a.pdf, b.zip',
    );
    expect(messagePreview({ message: '' }, 50)).toBe('');
  });
});

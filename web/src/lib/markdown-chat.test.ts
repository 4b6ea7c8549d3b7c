import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
import { createChatRenderer } from './markdown-chat';
import { splitMentions } from './markdown-mentions';

const window = new JSDOM('').window;
const render = createChatRenderer(
  createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]),
);

describe('chat markdown sanitizer', () => {
  it('never lets a script, an event handler or a javascript: link through', () => {
    const payloads = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned=1">',
      '[click](javascript:alert(1))',
      '[click](JAVASCRIPT:alert(1))',
      '[x](vbscript:msgbox(1))',
      '![x](javascript:alert(1))',
      '<a href="javascript:alert(1)">a</a>',
      '<svg onload=alert(1)>',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    ];
    for (const payload of payloads) {
      const doc = new JSDOM(`<body>${render(payload)}</body>`).window.document;
      expect(doc.querySelectorAll('script, svg, iframe, object').length, payload).toBe(0);
      for (const el of doc.body.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) expect(attr, payload).not.toMatch(/^on/i);
        for (const name of ['href', 'src']) {
          expect(el.getAttribute(name) ?? '', payload).not.toMatch(/^\s*(?:javascript|vbscript|data):/i);
        }
      }
      expect(doc.querySelectorAll('img[src="x"]').length, payload).toBe(0);
    }
  });

  it('shows raw HTML as text', () => {
    expect(render('<b>hi</b>')).toBe('<p>&lt;b&gt;hi&lt;/b&gt;</p>\n');
  });

  it('keeps allowed markdown and links with allowed schemes', () => {
    const html = render(
      '**bold** _em_ `code` [site](https://example.com) [mail](mailto:a@b.c) [ftp](ftp://x.y/z)',
    );
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="mailto:a@b.c"');
    expect(html).toContain('href="ftp://x.y/z"');
  });

  it('turns external images into links (no third-party requests)', () => {
    const html = render('![cat](https://example.com/cat.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://example.com/cat.png">cat</a>');
  });

  it('unwraps md, markdown and gfm fences and keeps others as copyable code', () => {
    expect(render('```md\n**x**\n```')).toContain('<strong>x</strong>');
    expect(render('```gfm\n# T\n```')).toContain('<h1>T</h1>');
    const code = render('```js\nconst a = 1 < 2;\n```');
    expect(code).toContain('<pre data-code="block" data-lang="js"');
    expect(code).toContain('const a = 1 &lt; 2;');
  });

  it('keeps soft breaks except in lists, quotes and tables', () => {
    expect(render('a\nb')).toBe('<p>a<br>\nb</p>\n');
    expect(render('- a\n  b')).not.toContain('<br>');
    expect(render('> a\n> b')).not.toContain('<br>');
  });

  it('renders shortcodes from the fixed set and the self-hosted image emoji', () => {
    expect(render(':smile:')).toContain('😄');
    expect(render(':not_an_emoji_code:')).toContain(':not_an_emoji_code:');
    // The full set, not only the common faces (docs/chat.md, "Emoji shortcodes").
    for (const [code, emoji] of [
      ['tada', '🎉'],
      ['+1', '👍'],
      ['thumbsup', '👍'],
      ['rocket', '🚀'],
    ]) {
      expect(render(`sent as text :${code}:`), code).toContain(`data-emoji="${code}">${emoji}</span>`);
    }
    expect(render('`:tada:` in code')).toContain('<code>:tada:</code>');
    const octo = render(':octocat: :github:');
    expect(octo).toContain('src="/emoji/octocat.svg"');
    expect(octo).toContain('src="/emoji/github.svg"');
    expect(render(':)')).toBe('<p>:)</p>\n');
  });

  it('links @mentions to profiles but not inside code or emails', () => {
    expect(render('hi @maya!')).toContain('<a href="#/userprofile/maya" class="mention">@maya</a>');
    expect(render('`@maya`')).not.toContain('href');
    expect(render('mail a@maya.com')).not.toContain('userprofile');
  });

  it('links only the handles the message mentions when it lists them', () => {
    const html = render('@Maya and @bob', ['maya']);
    expect(html).toContain('<a href="#/userprofile/Maya" class="mention">@Maya</a>');
    expect(html).toContain(' and @bob</p>');
    expect(render('```md\n@bob\n```', [])).not.toContain('userprofile');
  });
});

describe('splitMentions', () => {
  it('splits text into plain parts and mentions', () => {
    expect(splitMentions('@ana and @bob_2.')).toEqual([
      { text: '@ana', username: 'ana' },
      { text: ' and ' },
      { text: '@bob_2', username: 'bob_2' },
      { text: '.' },
    ]);
    expect(splitMentions('x@ana')).toEqual([{ text: 'x@ana' }]);
  });
});

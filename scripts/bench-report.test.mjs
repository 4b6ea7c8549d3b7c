import { describe, expect, it } from 'vitest';
import { replaceBlocks } from '../bench/report.mjs';

describe('replaceBlocks (docs/benchmarks.md)', () => {
  it('replaces only the generated parts and keeps what is written by hand around them', () => {
    const doc = [
      '<!-- bench:fanout:start -->',
      '# old fan-out',
      '<!-- bench:fanout:end -->',
      '',
      '## Written by hand',
      '<!-- first-visit:start -->',
      'kept',
      '<!-- first-visit:end -->',
      '',
    ].join('\n');
    const next = replaceBlocks(doc, { fanout: '# new fan-out\n', search: '## search' });
    expect(next).toContain('<!-- bench:fanout:start -->\n# new fan-out\n<!-- bench:fanout:end -->');
    expect(next).not.toContain('old fan-out');
    expect(next).toContain('## Written by hand');
    expect(next).toContain('<!-- first-visit:start -->\nkept\n<!-- first-visit:end -->');
    // A part the file lacks goes at its end.
    expect(next.trimEnd().endsWith('<!-- bench:search:start -->\n## search\n<!-- bench:search:end -->')).toBe(
      true,
    );
    expect(replaceBlocks(next, { fanout: '# new fan-out\n', search: '## search' })).toBe(next);
  });
});

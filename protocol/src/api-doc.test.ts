import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { renderApiDoc } from './api-doc';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/api.md');

describe('docs/api.md', () => {
  it('is the rendering of the protocol route table (regenerate with UPDATE_API_DOC=1)', async () => {
    // Formatted as the repository formats markdown, so the generated page passes the format check.
    const options = await prettier.resolveConfig(DOC);
    const rendered = await prettier.format(renderApiDoc(), { ...options, filepath: DOC });
    if (process.env.UPDATE_API_DOC === '1') fs.writeFileSync(DOC, rendered);
    expect(fs.readFileSync(DOC, 'utf8')).toBe(rendered);
  });
});

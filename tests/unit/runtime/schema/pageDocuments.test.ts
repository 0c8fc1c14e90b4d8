import { describe, expect, it } from 'vitest';
import { checkPageFile } from '../../../../generators/check-schemas';
import path from 'node:path';
import { pageFiles, repoRoot } from './fixtures';

describe('checked-in page documents', () => {
  const files = pageFiles();

  it('include at least the worked example', () => {
    expect(files).toContain('schemas/pages/examples/expert.json');
  });

  it.each(files)('%s validates, cross-references and compiles without errors', (file) => {
    expect(checkPageFile(path.join(repoRoot, file))).toEqual([]);
  });
});

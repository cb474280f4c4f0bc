import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoCatalogPath } from '../src';

const testingCopy = new URL('../../testing/src/arbitraries/demo-catalog.json', import.meta.url);

describe('the demo catalog (C-10.2)', () => {
  it('is the same file the testing package embeds for its arbitraries, so both aim at one catalog', () => {
    expect(readFileSync(testingCopy, 'utf8')).toBe(readFileSync(demoCatalogPath, 'utf8'));
  });
});

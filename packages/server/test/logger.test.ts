import { describe, expect, it } from 'vitest';
import { pathOf } from '../src/logger';

describe("the request log line's path (C-2.8, C-10.3)", () => {
  it('is the path without its query, and of an absolute-form target the path alone, never its credentials', () => {
    expect(pathOf('/baskets/b-1?waitMs=10')).toBe('/baskets/b-1');
    expect(pathOf('http://user:Hush0wordQ7@127.0.0.1:7120/baskets/b-1?x=1')).toBe('/baskets/b-1');
    expect(pathOf('example.com:443')).toBe('');
    expect(pathOf('*')).toBe('');
  });
});

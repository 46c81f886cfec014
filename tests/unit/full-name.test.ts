import { describe, expect, it } from 'vitest';
import { checkFullName, fullNameOf, FULL_NAME_MAX_LENGTH } from '@/lib/full-name';

describe('checkFullName', () => {
  it('trims, and accepts 1 to 100 characters', () => {
    expect(checkFullName('  Sam Example \n')).toEqual({ ok: true, name: 'Sam Example' });
    expect(checkFullName('S')).toEqual({ ok: true, name: 'S' });
    expect(checkFullName('a'.repeat(FULL_NAME_MAX_LENGTH))).toEqual({ ok: true, name: 'a'.repeat(100) });
  });

  it('refuses an empty or blank entry', () => {
    expect(checkFullName('')).toEqual({ ok: false, problem: 'empty' });
    expect(checkFullName('   \t ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses more than 100 characters after trimming, counting an emoji as one', () => {
    expect(checkFullName('a'.repeat(101))).toEqual({ ok: false, problem: 'too-long' });
    expect(checkFullName(`  ${'a'.repeat(100)}  `)).toEqual({ ok: true, name: 'a'.repeat(100) });
    expect(checkFullName('😀'.repeat(100))).toEqual({ ok: true, name: '😀'.repeat(100) });
    expect(checkFullName('😀'.repeat(101))).toEqual({ ok: false, problem: 'too-long' });
  });
});

describe('fullNameOf', () => {
  it("reads a valid full_name from a user's metadata, trimmed", () => {
    expect(fullNameOf({ full_name: ' Sam Example ', other: 1 })).toBe('Sam Example');
  });

  it('treats anything else as no name', () => {
    for (const metadata of [null, undefined, 'Sam', {}, { full_name: null }, { full_name: 42 }, { full_name: ' ' }]) {
      expect(fullNameOf(metadata)).toBeNull();
    }
    expect(fullNameOf({ full_name: 'a'.repeat(101) })).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { AUDIO_BUCKET, audioCacheControl } from '@/lib/audio-storage';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

// What an uploaded audio is stored with, and so answered with (docs/security.md "Cached audio links").
describe('audioCacheControl', () => {
  it('a full track or a private recording: never kept by a browser or a CDN', () => {
    expect(audioCacheControl(AUDIO_BUCKET, 'full/2f1c-1700000000000.mp3')).toBe('private, no-store');
    expect(audioCacheControl('private-audio', '7d3e9a.m4a')).toBe('private, no-store');
  });

  it('a public preview may be cached for an hour', () => {
    expect(audioCacheControl(AUDIO_BUCKET, 'previews/2f1c-1700000000000.mp3')).toBe('public, max-age=3600');
  });

  it('a previews/ folder in the private bucket is still private', () => {
    expect(audioCacheControl('private-audio', 'previews/x.mp3')).toBe('private, no-store');
  });
});

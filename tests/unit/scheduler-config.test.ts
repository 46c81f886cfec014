import { describe, expect, it } from 'vitest';
import { schedulerConfig } from '@/config/scheduler';
import { schedulerBuildProblem } from '../../scripts/scheduler-build-check';

describe('schedulerConfig', () => {
  it('leads to Calendly when a username is configured', () => {
    const config = schedulerConfig('dr-jane', 'https://abc.supabase.co');
    expect(config).toMatchObject({
      local: false,
      origin: 'https://calendly.com',
      bookingUrl: 'https://calendly.com/dr-jane/50min',
      profileUrl: 'https://calendly.com/dr-jane',
    });
  });

  it("leads to the local stack's scheduler stand-in without one", () => {
    const config = schedulerConfig(undefined, 'http://localhost:54321/');
    expect(config).toMatchObject({
      local: true,
      origin: 'http://localhost:54321',
      base: 'http://localhost:54321/_local/scheduler',
      bookingUrl: 'http://localhost:54321/_local/scheduler/local-practice/50min',
    });
  });
});

describe('schedulerBuildProblem', () => {
  it('refuses a build for a hosted backend without a scheduler username, naming the variable', () => {
    const problem = schedulerBuildProblem({ VITE_SUPABASE_URL: 'https://abc.supabase.co' });
    expect(problem).toMatch(/VITE_SCHEDULER_USERNAME is not set/);
    expect(problem).toContain('https://abc.supabase.co');
    expect(
      schedulerBuildProblem({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SCHEDULER_USERNAME: ' ' }),
    ).not.toBeNull();
  });

  it('lets local, test and CI builds through, and any build with a username', () => {
    expect(schedulerBuildProblem({})).toBeNull();
    expect(schedulerBuildProblem({ VITE_SUPABASE_URL: 'http://localhost:54329' })).toBeNull();
    expect(schedulerBuildProblem({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toBeNull();
    expect(schedulerBuildProblem({ VITE_SUPABASE_URL: 'http://[::1]:54321' })).toBeNull();
    expect(
      schedulerBuildProblem({
        VITE_SUPABASE_URL: 'https://abc.supabase.co',
        VITE_SCHEDULER_USERNAME: 'dr-jane',
      }),
    ).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { warningCollector } from '../../scripts/build-logger';

describe('the build logger', () => {
  it('lets a build with no warning through', () => {
    const { logger, assertNoWarnings } = warningCollector();
    logger.info('built');
    expect(assertNoWarnings).not.toThrow();
  });

  it('stops the build after a warning, counting each one', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { logger, assertNoWarnings } = warningCollector();
    logger.warn('[INEFFECTIVE_DYNAMIC_IMPORT] a.ts is dynamically imported but also statically imported');
    logger.warnOnce('chunk larger than 500 kB');
    logger.warnOnce('chunk larger than 500 kB');
    expect(assertNoWarnings).toThrow('The build printed 2 warning(s)');
  });
});

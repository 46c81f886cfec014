import { createLogger, type Logger } from 'vite';

/**
 * Vite's logger at level `warn` that also remembers every warning, so the build can stop on one: a fresh clone's
 * `npm run build` and `npm start` print no warning (a warning nobody acts on teaches everyone to skim past them).
 */
export function warningCollector(): { logger: Logger; assertNoWarnings: () => void } {
  const base = createLogger('warn');
  const warnings: string[] = [];
  const logger: Logger = {
    ...base,
    warn(message, options) {
      warnings.push(message);
      base.warn(message, options);
    },
    warnOnce(message, options) {
      if (!warnings.includes(message)) warnings.push(message);
      base.warnOnce(message, options);
    },
  };
  const assertNoWarnings = () => {
    if (warnings.length > 0) {
      throw new Error(
        `The build printed ${warnings.length} warning(s) (above); fix them: a build prints none.`,
      );
    }
  };
  return { logger, assertNoWarnings };
}

import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

// `npm test`: everything that must pass: lint, unused code (knip), typecheck and `deno check` of the edge functions
// (side by side: each mostly uses one core; their output is printed whole, in this order), then Vitest (unit,
// component, database, contract) and Playwright end to end. Every step runs even if an earlier one fails, so one
// run reports everything; the last line is "N passed, N failed".

const resultsDir = '.test-results';

interface StepResult {
  name: string;
  passed: number;
  failed: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs a check with its output held back; resolves with its result and everything it printed. */
function check(
  name: string,
  command: string,
  args: string[],
): Promise<{ result: StepResult; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      const passed = code === 0;
      resolve({
        result: { name, passed: passed ? 1 : 0, failed: passed ? 0 : 1 },
        output: Buffer.concat(chunks).toString(),
      });
    });
  });
}

/** The static checks side by side, then each one's output under its name, in a fixed order. */
async function staticChecks(): Promise<StepResult[]> {
  const checks = await Promise.all([
    check('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
    // Unused files, exports and packages (knip.config.ts); a few seconds.
    check('knip', 'npx', ['knip']),
    check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
    check('deno check', 'npx', ['tsx', 'scripts/deno-check.ts']),
  ]);
  for (const { result, output } of checks) {
    console.info(`\n▶ ${result.name}`);
    if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  }
  return checks.map(({ result }) => result);
}

async function vitest(): Promise<StepResult> {
  console.info('\n▶ Vitest (unit, component, database, contract)');
  const output = join(resultsDir, 'vitest.json');
  const code = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  try {
    const report = JSON.parse(await readFile(output, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    // A suite that fails to load has no failed tests but a non-zero exit: count it as one failure.
    const failed = report.numFailedTests || (code === 0 ? 0 : 1);
    return { name: 'vitest', passed: report.numPassedTests, failed };
  } catch {
    return { name: 'vitest', passed: 0, failed: 1 };
  }
}

async function playwright(): Promise<StepResult> {
  console.info('\n▶ Playwright end to end (Chromium, production build, local stack)');
  const output = join(resultsDir, 'playwright.json');
  const code = await run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  try {
    const report = JSON.parse(await readFile(output, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      errors?: unknown[];
    };
    const { expected, unexpected, flaky, skipped } = report.stats;
    const failed = unexpected + flaky + skipped + (code !== 0 && unexpected === 0 ? 1 : 0);
    return { name: 'playwright', passed: expected, failed };
  } catch {
    return { name: 'playwright', passed: 0, failed: 1 };
  }
}

async function main(): Promise<void> {
  await rm(resultsDir, { recursive: true, force: true });
  await mkdir(resultsDir, { recursive: true });
  const results: StepResult[] = [];
  results.push(...(await staticChecks()));
  results.push(await vitest());
  results.push(await playwright());
  console.info('');
  for (const r of results) console.info(`  ${r.name.padEnd(12)} ${r.passed} passed, ${r.failed} failed`);
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.info(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();

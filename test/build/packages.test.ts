/**
 * Every published package must resolve from Node ESM, Node CJS and bundlers with honest types.
 * Runs against the built dist/ (`npm test` builds first): publint lints the package.json and files,
 * attw ("are the types wrong") resolves every exports entry under node16 (ESM + CJS) and bundler.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const packages = ['api', 'emulator', 'server', 'web'];

interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
}

describe.each(packages)('package %s', (name) => {
  const dir = path.join(root, 'packages', name);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string };

  it('passes publint with no errors or warnings', async () => {
    const { messages } = await publint({ pkgDir: dir, level: 'warning', strict: true });
    expect(messages.map((m) => `${m.code} ${m.path.join('.')}`)).toEqual([]);
  });

  it('has correct types for import, require and bundlers (attw node16 profile)', async () => {
    const bin = path.join(root, 'node_modules', '.bin', 'attw');
    // attw exits non-zero when it finds problems; the JSON still tells which.
    const result = await run(bin, ['--pack', dir, '--profile', 'node16', '--format', 'json'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(result.stdout) as { analysis: { packageName: string; problems: AttwProblem[] } };
    expect(report.analysis.packageName).toBe(pkg.name);
    const problems = report.analysis.problems.filter((p) => p.resolutionKind !== 'node10');
    expect(problems).toEqual([]);
  });
});

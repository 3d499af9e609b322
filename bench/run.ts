/**
 * `npm run bench`: runs every benchmark under bench/<name>/run.ts one after another (never in parallel:
 * they measure the same 2-core machine) and stops on the first failure. `npm run bench -- server voice`
 * runs only the named ones.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const wanted = process.argv.slice(2);
const names = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(here, entry.name, 'run.ts')))
  .map((entry) => entry.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

if (names.length === 0) {
  console.error(wanted.length ? `No benchmark named ${wanted.join(', ')}.` : 'No benchmarks found.');
  process.exit(1);
}
for (const name of names) {
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(here, name, 'run.ts')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`bench/${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

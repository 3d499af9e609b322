import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** Every module specifier reachable from `file` through relative imports, with the file that imports it. */
function importGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(`${src}${file}`, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1] as string);
  seen.set(file, specifiers);
  for (const s of specifiers) if (s.startsWith('./')) importGraph(s.slice(2).replace(/\.js$/, '.ts'), seen);
  return seen;
}

describe('handler.ts', () => {
  it('reaches no Node built-in and no Express module, so it runs in any fetch-style runtime', () => {
    const offenders: string[] = [];
    for (const [file, specifiers] of importGraph('handler.ts')) {
      for (const s of specifiers) if (/^node:|^express|^helmet|^proxy-addr/.test(s)) offenders.push(`${file} → ${s}`);
    }
    expect(offenders).toEqual([]);
    expect(importGraph('express.ts').get('express.ts')).toContain('express');
  });
});

// Builds every workspace package from its own package.json: each `exports` subpath that has a
// `source` condition becomes ESM (.mjs) + CJS (.cjs) + one bundled declaration file per module
// format (.d.mts / .d.cts, so attw sees honest types under both `import` and `require`). Each
// `bin` entry becomes an executable ESM file. A package may add `"build": {"iife": {...}}` for a
// browser <script> bundle and `"build": {"minify": true}` for browser-facing code.
import { readFileSync, existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import esbuild from 'rollup-plugin-esbuild';
import { dts } from 'rollup-plugin-dts';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';

const packages = ['api', 'emulator', 'server', 'web'];
const only = process.env.BUILD_ONLY?.split(',');

const configs = [];
for (const name of packages) {
  if (only && !only.includes(name)) continue;
  const dir = path.join('packages', name);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const build = pkg.build ?? {};
  const deps = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
  ];
  const external = (id) =>
    id.startsWith('node:') ||
    builtinModules.includes(id) ||
    deps.some((d) => id === d || id.startsWith(`${d}/`));

  const entries = {};
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target !== 'object' || !target.source) continue;
    const out = subpath === '.' ? 'index' : subpath.replace(/^\.\//, '').replace(/\//g, '-');
    entries[out] = path.join(dir, target.source);
  }
  const js = (minify) => esbuild({ target: 'es2022', minify, sourceMap: true, tsconfig: 'tsconfig.json' });
  if (Object.keys(entries).length > 0) {
    configs.push({
      input: entries,
      external,
      plugins: [js(Boolean(build.minify))],
      output: [
        { dir: path.join(dir, 'dist'), format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs', sourcemap: true },
        { dir: path.join(dir, 'dist'), format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs', sourcemap: true, exports: 'named' },
      ],
    });
    for (const [out, input] of Object.entries(entries)) {
      configs.push({
        input,
        external,
        plugins: [dts({ tsconfig: 'tsconfig.json', compilerOptions: { customConditions: ['source'] } })],
        output: [
          { file: path.join(dir, 'dist', `${out}.d.mts`), format: 'es' },
          { file: path.join(dir, 'dist', `${out}.d.cts`), format: 'es' },
        ],
      });
    }
  }
  const bins = typeof pkg.bin === 'string' ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {});
  const binSources = build.bin ?? {};
  for (const [binName, file] of Object.entries(bins)) {
    const source = binSources[binName];
    if (!source || !existsSync(path.join(dir, source))) continue;
    configs.push({
      input: path.join(dir, source),
      external,
      plugins: [js(false)],
      output: { file: path.join(dir, file), format: 'es', banner: '#!/usr/bin/env node', sourcemap: true },
    });
  }
  for (const [out, spec] of Object.entries(build.iife ?? {})) {
    configs.push({
      input: path.join(dir, spec.source),
      plugins: [nodeResolve({ browser: true }), commonjs(), js(true)],
      output: { file: path.join(dir, 'dist', `${out}.iife.js`), format: 'iife', name: spec.name, inlineDynamicImports: true, sourcemap: true },
      onwarn(warning, warn) {
        if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
        warn(warning);
      },
    });
  }
}

export default configs;

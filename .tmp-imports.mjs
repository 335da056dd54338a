import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
const root = 'src/server/modules';
const files = [];
const walk = (d) => { for (const f of readdirSync(d)) { const p = join(d, f); statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') && files.push(p); } };
walk(root);
for (const f of files) {
  const src = readFileSync(f, 'utf8');
  const mod = f.split('/')[3];
  for (const m of src.matchAll(/from '(\.[^']+)'/g)) {
    const target = relative(root, resolve(dirname(f), m[1]));
    if (target.startsWith('..')) continue;
    const tmod = target.split('/')[0];
    if (tmod !== mod) console.log(`${mod} -> ${target}   (${f.split('/').slice(3).join('/')})`);
  }
}

// Packs the Python package (python/**/*.py) into one JSON file, dist/tensorpad-python.json
// ({path: source}), which js/python.js installs into Pyodide's file system in pages and
// workers (in Node it reads python/ itself). Run by `make build`.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] ?? fileURLToPath(new URL('../dist/tensorpad-python.json', import.meta.url));
const files = {};
(function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) { if (e.name !== '__pycache__') walk(p); } else if (e.name.endsWith('.py')) files[relative(root, p)] = readFileSync(p, 'utf8');
  }
})(root);
mkdirSync(join(out, '..'), { recursive: true });
writeFileSync(out, JSON.stringify(files));
console.log(`${Object.keys(files).length} Python files -> ${relative(process.cwd(), out)}`);

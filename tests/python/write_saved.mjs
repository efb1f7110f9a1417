// Writes the files tensorpad's Python mode saves, tests/python/programs/saved/tensorpad_NAME.pt
// (every object of saved/objects.py), for PyTorch 1.13 to read in `make fixtures`
// (serialization_from_tensorpad.py's expected output). tests/python/serialization.test.mjs
// writes them again and requires the same bytes, so what PyTorch read is what tensorpad
// still writes. Usage: node tests/python/write_saved.mjs [FOLDER] (default: saved/ itself;
// FOLDER must hold a copy of objects.py).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPython } from 'tensorpad/python';

export const SAVED = path.join(path.dirname(fileURLToPath(import.meta.url)), 'programs', 'saved');

/** Saves every object of FOLDER/objects.py as FOLDER/tensorpad_NAME.pt; returns the names. */
export async function writeSaved(folder = SAVED) {
  const py = await loadPython({ cwd: folder, stdout: () => {}, stderr: (s) => process.stderr.write(s) });
  await py.run(`
import sys, torch
sys.path.insert(0, '.')
import objects
for name, make in objects.OBJECTS.items():
    torch.save(make(), f'tensorpad_{name}.pt')
names = list(objects.OBJECTS)
`);
  return py.pyodide.globals.get('names').toJs();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const folder = process.argv[2] ? path.resolve(process.argv[2]) : SAVED;
  const names = await writeSaved(folder);
  console.log(`${names.length} files -> ${path.relative(process.cwd(), folder) || '.'}/tensorpad_*.pt`);
}

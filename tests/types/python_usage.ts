// Written from the README's and docs/API.md's Python-mode examples: must type-check.
import { loadPython, type PythonRunError } from 'tensorpad/python';

let out = '';
const py = await loadPython({ stdout: (s) => { out += s; }, stderr: (s) => console.error(s) });
await py.run('import torch\nprint(torch.ones(2))', { filename: 'main.py' });
try {
  await py.run('torch.ones(2)[5]');
} catch (e) {
  const err = e as PythonRunError;
  const kind: string = err.pythonType;
  const text: string = err.pythonMessage + err.message;
  console.log(kind, text, out);
}
py.reset();
py.interrupt();

#!/usr/bin/env node
// tensorpad-python FILE.py [args...] | -c CODE [args...] | - [args...]
// Runs a Python program on tensorpad's torch (CPython in WebAssembly, js/python.js) with the
// current folder mounted and current; exits 1 after an uncaught exception, whose Python
// traceback goes to stderr.
import { readFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadPython } from '../js/python.js';

const USAGE = 'usage: tensorpad-python FILE.py [args...] | -c CODE [args...] | - [args...]\n';
const argv = process.argv.slice(2);
let code, filename, args;
if (argv[0] === '-c') {
  if (argv.length < 2) { process.stderr.write('Argument expected for the -c option\n' + USAGE); process.exit(2); }
  code = argv[1];
  filename = '<string>';
  args = ['-c', ...argv.slice(2)];
} else if (argv[0] === '-') {
  code = readFileSync(0, 'utf8');
  filename = '<stdin>';
  args = ['-', ...argv.slice(1)];
} else if (argv.length && !argv[0].startsWith('-')) {
  try {
    code = readFileSync(argv[0], 'utf8');
  } catch (e) {
    process.stderr.write(`tensorpad-python: can't open file '${resolve(argv[0])}': [Errno 2] No such file or directory\n`);
    process.exit(2);
  }
  filename = resolve(argv[0]);  // Python 3.9+ reports a script by its absolute path
  args = argv;
} else if (argv[0] === '-h' || argv[0] === '--help') {
  process.stdout.write(USAGE);
  process.exit(0);
} else {
  process.stderr.write(USAGE);
  process.exit(2);
}

const cwd = process.cwd();
const out = (fd) => (s) => { if (s) writeAll(fd, s); };
const py = await loadPython({ stdout: out(1), stderr: out(2), argv: args, cwd });
let status = 0;
try {
  await py.run(code, { filename, argv: args });
} catch (e) {
  if (e.pythonType === 'SystemExit') {
    if (e.message) writeAll(2, e.message);
    status = e.exitCode;
  } else if (e.traceback !== undefined) {
    writeAll(2, e.traceback);
    status = 1;
  } else {
    throw e;
  }
}
process.exitCode = status;

/** Synchronous writes (pipes may be non-blocking: retry on EAGAIN), so output keeps its order. */
function writeAll(fd, s) {
  const buf = Buffer.from(s, 'utf8');
  for (let off = 0; off < buf.length;) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
    }
  }
}

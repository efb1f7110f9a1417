// The start-up snapshot for pages (Note [Start-up snapshot] in js/python.js): made here, in
// Node, by web/build.mjs, from the same Pyodide files and Python package the site serves, as
// dist/tensorpad-python.snapshot; the Python workers restore it instead of starting CPython
// and importing torch (the snapshot's build id is Pyodide's, and a mismatch, or any other
// failure to restore, falls back to a cold start in the worker).
import { pathToFileURL } from 'node:url';
import { loadPython } from '../js/python.js';

/** The snapshot's bytes (a Uint8Array), or null when the import cannot be snapshotted. */
export async function makePageSnapshot(packageFile) {
  let bytes = null;
  await loadPython({
    packageURL: pathToFileURL(packageFile),
    snapshotStore: { get: async () => null, put: async (b) => { bytes = b; }, remove: async () => {} },
    stdout: () => {}, stderr: () => {},
  });
  return bytes;
}

// The start-up snapshot web/build.mjs makes for the Python workers (CPython with torch
// imported; Note [Start-up snapshot] in js/python.js), as loadPython's read-only
// snapshotStore: fetched from dist/ next to the Python package; a site without one (404)
// starts cold.
export function pageSnapshot(url) {
  return {
    get: async () => {
      const res = await fetch(url);
      return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
    },
  };
}

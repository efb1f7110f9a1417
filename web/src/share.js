// Share links: the code, deflate-compressed and base64url-encoded, in the URL hash
// (#code=...). Nothing leaves the browser; opening a link never runs the code.
// CompressionStream('deflate-raw') is built into current browsers: no library needed.
const PREFIX = 'code=';

function toBase64Url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64Url(s) {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
}
async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The hash fragment for code: '#code=<deflate-raw, base64url>'. */
export async function encodeCode(code) {
  return `#${PREFIX}${toBase64Url(await pipe(new TextEncoder().encode(code), new CompressionStream('deflate-raw')))}`;
}

/** The code in a hash made by encodeCode, or null. */
export async function decodeHash(hash) {
  const h = hash.replace(/^#/, '');
  if (!h.startsWith(PREFIX)) return null;
  try {
    return new TextDecoder().decode(await pipe(fromBase64Url(h.slice(PREFIX.length)), new DecompressionStream('deflate-raw')));
  } catch {
    return null;
  }
}

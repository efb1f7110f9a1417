// Share links: the code, deflate-compressed and base64url-encoded, in the URL hash, with its
// language: #lang=python&code=... (a link without lang= is JavaScript, as links were before
// the playground had Python). Nothing leaves the browser; opening a link never runs the code.
// CompressionStream('deflate-raw') is built into current browsers: no library needed.
const PREFIX = 'code=';
const LANGS = ['python', 'javascript'];

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

/** The hash fragment for code in lang: '#lang=<lang>&code=<deflate-raw, base64url>'. */
export async function encodeCode(code, lang = 'javascript') {
  const data = toBase64Url(await pipe(new TextEncoder().encode(code), new CompressionStream('deflate-raw')));
  return `#${lang === 'javascript' ? '' : `lang=${lang}&`}${PREFIX}${data}`;
}

/** The language a hash names ('python' / 'javascript'), or null when it names none. */
export function hashLanguage(hash) {
  const m = /(?:^#?|&)lang=([a-z]+)(?:&|$)/.exec(hash);
  if (m) return LANGS.includes(m[1]) ? m[1] : null;
  return /(?:^#?|&)code=/.test(hash) ? 'javascript' : null;
}

/** {code, lang} of a hash made by encodeCode, or null. */
export async function decodeShare(hash) {
  const parts = hash.replace(/^#/, '').split('&');
  const data = parts.find((p) => p.startsWith(PREFIX));
  if (data === undefined) return null;
  try {
    const code = new TextDecoder().decode(await pipe(fromBase64Url(data.slice(PREFIX.length)), new DecompressionStream('deflate-raw')));
    return { code, lang: hashLanguage(hash) ?? 'javascript' };
  } catch {
    return null;
  }
}

/** The code in a hash made by encodeCode, or null. */
export async function decodeHash(hash) {
  return (await decodeShare(hash))?.code ?? null;
}

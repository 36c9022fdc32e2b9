/**
 * Checking that a webhook delivery comes from the server, in one call: Node 18+ and browsers (Web
 * Crypto; no dependency).
 *
 * The server signs each delivery with the webhook's secret (shown once, in the answer that created
 * the match or tournament): `Arena-Signature: t=<unix seconds>,v1=<hex>`, the HMAC-SHA256 of
 * `"<t>.<body>"`. Verify it against the request's exact body, before parsing it:
 *
 * ```ts
 * const body = await request.text();
 * if (!(await verifySignature(secret, request.headers.get("Arena-Signature"), body))) {
 *   return new Response("bad signature", { status: 400 });
 * }
 * const event = JSON.parse(body); // deduplicate by event.id: a delivery may come twice
 * ```
 */

/** How old (or how far ahead of this clock) a signature may be, by default, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  /** How old (or how far ahead) the signature may be, in seconds; `null`: any age. Default 300. */
  tolerance?: number | null;
  /** The clock, in unix seconds (default: now). */
  now?: number;
}

const TIMESTAMP = /^[0-9]{1,12}$/;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Whether `header` (the `Arena-Signature` value) signs `body` under `secret`, and was made within
 * `options.tolerance` seconds of `options.now`. `body` is the request's body as received (a string
 * is taken as UTF-8): parsed and stringified again, JSON rarely comes back byte for byte. Any `v1`
 * of the header may match. Never throws for a malformed header: it is simply not valid.
 */
export async function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): Promise<boolean> {
  if (!header) return false;
  let timestamp: string | undefined;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(",")) {
    const [name, value = ""] = splitOnce(part.trim(), "=");
    if (name === "t") timestamp = value;
    else if (name === "v1" && HEX.test(value)) signatures.push(fromHex(value));
  }
  if (timestamp === undefined || !TIMESTAMP.test(timestamp) || signatures.length === 0) return false;
  const tolerance = options.tolerance === undefined ? DEFAULT_TOLERANCE_SECONDS : options.tolerance;
  const now = options.now ?? Date.now() / 1000;
  if (tolerance !== null && Math.abs(now - Number(timestamp)) > tolerance) return false;
  const encoder = new TextEncoder();
  const prefix = encoder.encode(`${timestamp}.`);
  const content = typeof body === "string" ? encoder.encode(body) : body;
  const signed = new Uint8Array(prefix.length + content.length);
  signed.set(prefix);
  signed.set(content, prefix.length);
  const subtle = await webCrypto();
  const key = await subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  for (const signature of signatures) {
    // verify() compares in constant time
    if (await subtle.verify("HMAC", key, signature, signed)) return true;
  }
  return false;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)];
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Web Crypto: global in browsers and Node 19+; Node 18 has it as `webcrypto` of `node:crypto`. */
async function webCrypto(): Promise<SubtleCrypto> {
  const global = (globalThis as { crypto?: Crypto }).crypto;
  if (global?.subtle) return global.subtle;
  const specifier = "node:crypto"; // a variable: browser bundlers leave it alone
  const node = (await import(specifier)) as { webcrypto: Crypto };
  return node.webcrypto.subtle;
}

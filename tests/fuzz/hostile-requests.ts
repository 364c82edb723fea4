/**
 * Whole requests no client should send: broken framing, odd headers, deep nesting, huge bodies,
 * wrong and broken content types (multipart especially). Each is an arbitrary of the same shape as
 * the schema-made requests, so one sampler mixes both.
 */
import fc from 'fast-check';

export interface FuzzRequest {
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer;
  /** Why this request is odd, for the failure report. */
  kind: string;
}

const MB = 1024 * 1024;
const json = (value: string) => Buffer.from(value);

export const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

function multipartBody(boundary: string, parts: { headers: string; content: Buffer }[], closed = true): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), part.content, Buffer.from('\r\n')]),
    Buffer.from(closed ? `--${boundary}--\r\n` : ''),
  ]);
}

const filePart = (field: string, type: string, content: Buffer) => ({
  headers: `Content-Disposition: form-data; name="${field}"; filename="f.bin"\r\nContent-Type: ${type}`,
  content,
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF_START = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n');

/** Content types with a body to match (or not). */
export const contentTypeCases: fc.Arbitrary<{ contentType: string; body: Buffer; kind: string }> = fc.constantFrom(
  { contentType: 'multipart/form-data', body: multipartBody(BOUNDARY, [filePart('file', 'image/png', PNG_SIGNATURE)]), kind: 'multipart without boundary' },
  { contentType: `multipart/form-data; boundary=${'b'.repeat(500)}`, body: multipartBody('b'.repeat(500), [filePart('file', 'image/png', PNG_SIGNATURE)]), kind: 'multipart with a 500-character boundary' },
  { contentType: `multipart/form-data; boundary=${'b'.repeat(71)}`, body: multipartBody('b'.repeat(71), [filePart('file', 'image/png', PNG_SIGNATURE)]), kind: 'multipart with a 71-character boundary' },
  { contentType: 'multipart/form-data; boundary=', body: Buffer.from('--\r\n\r\n----\r\n'), kind: 'multipart with an empty boundary' },
  { contentType: 'multipart/form-data; boundary="unterminated', body: Buffer.from('x'), kind: 'multipart with a broken boundary parameter' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(BOUNDARY, [filePart('file', 'image/png', PNG_SIGNATURE)], false), kind: 'multipart never closed' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\nno headers end here`), kind: 'multipart cut inside part headers' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(BOUNDARY, [{ headers: 'X-Nothing: 1', content: Buffer.from('data') }]), kind: 'multipart part without a disposition' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(BOUNDARY, [filePart('file', 'image/png', PNG_SIGNATURE), filePart('avatar', 'image/png', PNG_SIGNATURE)]), kind: 'multipart with two files' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(BOUNDARY, [{ headers: 'Content-Disposition: form-data; name="purpose"', content: Buffer.from('logo') }, filePart('file', 'application/pdf', PDF_START)]), kind: 'multipart with a field before the file' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(BOUNDARY, [filePart('avatar', 'image/png', Buffer.alloc(0))]), kind: 'multipart with an empty file' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(BOUNDARY, [filePart('file', 'image/png', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(2 * MB, 7)]))]), kind: 'multipart with a corrupt 2 MB image' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(BOUNDARY, [{ headers: `Content-Disposition: form-data; name="${'n'.repeat(20_000)}"; filename="x.png"`, content: PNG_SIGNATURE }]), kind: 'multipart with a huge part header' },
  { contentType: 'text/plain', body: Buffer.from('hello'), kind: 'text body' },
  { contentType: 'application/xml', body: Buffer.from('<a/>'), kind: 'xml body' },
  { contentType: 'application/x-www-form-urlencoded', body: Buffer.from('a=1&b=2'), kind: 'form body' },
  { contentType: 'application/json; charset=utf-16', body: Buffer.from('{"a":1}', 'utf16le'), kind: 'utf-16 json' },
  { contentType: 'application/json;;;;', body: Buffer.from('{}'), kind: 'json with broken parameters' },
  { contentType: 'application/json', body: Buffer.from([0xff, 0xfe, 0xfd]), kind: 'json that is not utf-8' },
  { contentType: 'application/json', body: Buffer.from('{'), kind: 'truncated json' },
  { contentType: 'application/json', body: Buffer.from('{"a":1,}'), kind: 'json with a trailing comma' },
  { contentType: 'application/json', body: Buffer.from('{"__proto__":{"admin":true}}'), kind: 'json with __proto__' },
  { contentType: 'application/json', body: Buffer.from('{"constructor":{"prototype":{"admin":true}}}'), kind: 'json with constructor.prototype' },
  { contentType: 'application/json', body: Buffer.from('"\\ud800"'), kind: 'json lone surrogate' },
  { contentType: 'application/json', body: Buffer.from('1e999999'), kind: 'json huge exponent' },
  { contentType: 'application/json', body: Buffer.from(`[${'1,'.repeat(200_000)}1]`), kind: 'json array of 200,000 numbers' },
  { contentType: 'application/json', body: json('['.repeat(100_000) + ']'.repeat(100_000)), kind: 'json nested 100,000 deep (arrays)' },
  { contentType: 'application/json', body: json('{"a":'.repeat(150_000) + '1' + '}'.repeat(150_000)), kind: 'json nested 150,000 deep (objects)' },
  { contentType: 'application/json', body: json('['.repeat(400_000)), kind: 'json opened 400,000 deep, never closed' },
  { contentType: 'application/json', body: json(JSON.stringify({ name: 'x'.repeat(MB + 10) })), kind: 'json string over the body limit' },
  { contentType: 'application/json', body: json(JSON.stringify({ nameEn: 'x'.repeat(MB - 100) })), kind: 'json string just under the body limit' },
  { contentType: 'application/json', body: json(JSON.stringify({ lines: Array.from({ length: 30_000 }, () => ({ itemId: 'x', qty: 1 })) })), kind: 'json with 30,000 lines' },
  { contentType: 'application/json', body: json(`{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`), kind: 'json object with 50,000 keys' },
);

/** Headers that are odd but still parse; each request gets none or one of these. */
export const oddHeader: fc.Arbitrary<[string, string]> = fc.constantFrom<[string, string]>(
  ['Accept-Language', 'ar;q=abc, *;q=2, zz-ZZ'],
  ['Accept-Language', 'x'.repeat(8_000)],
  ['Accept-Language', '\u00ff\u00fe'],
  ['Authorization', 'Bearer'],
  ['Authorization', 'Bearer '],
  ['Authorization', 'Basic dXNlcjpwYXNz'],
  ['Authorization', `Bearer ${'a'.repeat(8_000)}`],
  ['Authorization', 'Bearer a.b.c'],
  ['Authorization', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'],
  ['X-Request-Id', '../../etc'],
  ['X-Request-Id', 'x'.repeat(200)],
  ['X-Forwarded-For', '1.2.3.4, ::1, not-an-ip'],
  ['Idempotency-Key', ' '],
  ['Idempotency-Key', 'k'.repeat(10_000)],
  ['Accept', 'text/event-stream'],
  ['Accept-Encoding', 'br;q=0, gzip;q=abc, identity;q=0, *;q=0'],
  ['If-None-Match', 'W/"\u00ff"'],
  ['Range', 'bytes=999999999-1'],
  ['Content-Encoding', 'gzip'],
  ['Expect', '100-continue'],
  ['Expect', 'something-else'],
  ['Cookie', `a=${'c'.repeat(6_000)}`],
  ['Origin', 'null'],
  ['Last-Event-Id', '-1'],
);

/** Requests whose framing or headers are broken: the HTTP parser refuses them before the app sees them. */
export function brokenFraming(target: string): fc.Arbitrary<FuzzRequest> {
  const cases: FuzzRequest[] = [
    { method: 'GET', target, headers: [['X-Evil', 'a\u0000b']], kind: 'NUL byte in a header value' },
    { method: 'GET', target, headers: [['X-Big', 'h'.repeat(20_000)]], kind: 'a 20 kB header' },
    { method: 'GET', target, headers: Array.from({ length: 3_000 }, (_, i): [string, string] => [`X-H${i}`, 'v']), kind: '3,000 headers' },
    { method: 'GET', target, headers: [['Bad Name', 'v']], kind: 'space in a header name' },
    { method: 'GET', target, headers: [['X-Folded', 'a\r\n folded']], kind: 'obsolete folded header' },
    { method: 'POST', target, headers: [['Content-Type', 'application/json'], ['Content-Length', '-1']], body: json('{}'), kind: 'negative content length' },
    { method: 'POST', target, headers: [['Content-Type', 'application/json'], ['Content-Length', 'abc']], body: json('{}'), kind: 'content length not a number' },
    { method: 'POST', target, headers: [['Content-Type', 'application/json'], ['Content-Length', '2'], ['Content-Length', '3']], body: json('{} '), kind: 'two content lengths' },
    { method: 'POST', target, headers: [['Content-Type', 'application/json'], ['Transfer-Encoding', 'chunked']], body: json('zz\r\n{}\r\n0\r\n\r\n'), kind: 'chunk size not hex' },
    { method: 'POST', target, headers: [['Content-Type', 'application/json'], ['Transfer-Encoding', 'chunked'], ['Content-Length', '2']], body: json('2\r\n{}\r\n0\r\n\r\n'), kind: 'chunked and a content length' },
    { method: 'POST', target, headers: [['Content-Type', 'application/json'], ['Transfer-Encoding', 'gzip, chunked']], body: json('2\r\n{}\r\n0\r\n\r\n'), kind: 'unsupported transfer coding' },
    { method: 'GET', target: `${target}%`, headers: [], kind: 'bad percent-encoding' },
    { method: 'GET', target: `${target}/%E0%A4%A`, headers: [], kind: 'truncated UTF-8 percent-encoding' },
    { method: 'GET', target: `${target}?${'q'.repeat(70_000)}`, headers: [], kind: 'a 70 kB URL' },
    { method: 'GET', target: `${target}?${Array.from({ length: 2_000 }, (_, i) => `a${i}=1`).join('&')}`, headers: [], kind: '2,000 query parameters' },
    { method: 'GET', target: 'http://evil.example/api/v1/health', headers: [], kind: 'absolute-form target' },
    { method: 'GET', target: '*', headers: [], kind: 'asterisk target' },
    { method: 'BREW', target, headers: [], kind: 'unknown method' },
    { method: 'GET', target, headers: [['Host', '']], kind: 'empty Host' },
    { method: 'GET', target: `${target}\u00ff`, headers: [], kind: 'non-ASCII byte in the target' },
  ];
  return fc.constantFrom(...cases);
}

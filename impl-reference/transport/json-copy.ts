// What a frame is after JSON.stringify on write and JSON.parse on delivery (memory.ts), made in
// JavaScript for the plain data frames carry: a frame crossed the in-memory transport as JSON text,
// which cost a stringify and a parse per frame, ~6% of a simulated campaign's CPU. The copy follows
// JSON's rules (an undefined, function or symbol property is left out, and is null in an array;
// -0 is 0; a number that is not finite is null; an object met twice is copied twice). Anything else
// (a class instance, a Date or anything with toJSON, a BigInt, a cycle, a __proto__ key) is
// `undefined` here, and the caller takes the JSON text path itself, with its result or its error.

class NotPlain extends Error {}

/** JSON.parse(JSON.stringify(value)) for plain data; undefined when the value needs the real thing. */
export function jsonCopy(value: unknown): { value: unknown } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return { value: copy(value, new Set()) };
  } catch (e) {
    if (e instanceof NotPlain) return undefined;
    throw e;
  }
}

/** The value's JSON copy; `absent` for what JSON leaves out (undefined, functions, symbols). */
const absent = Symbol('absent');

function copy(v: unknown, ancestors: Set<object>): unknown {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    case 'undefined':
    case 'function':
    case 'symbol':
      return absent;
    case 'bigint':
      throw new NotPlain();
  }
  if (v === null) return null;
  const o = v as object;
  if (typeof (o as { toJSON?: unknown }).toJSON === 'function' || ancestors.has(o)) throw new NotPlain();
  const proto = Object.getPrototypeOf(o);
  ancestors.add(o);
  let out: unknown;
  if (proto === Array.prototype) {
    const a = o as unknown[];
    const arr = new Array<unknown>(a.length);
    for (let i = 0; i < a.length; i++) {
      const c = copy(a[i], ancestors);
      arr[i] = c === absent ? null : c;
    }
    out = arr;
  } else if (proto === Object.prototype) {
    const obj: Record<string, unknown> = {};
    for (const k of Object.keys(o)) {
      if (k === '__proto__') throw new NotPlain();
      const c = copy((o as Record<string, unknown>)[k], ancestors);
      if (c !== absent) obj[k] = c;
    }
    out = obj;
  } else {
    throw new NotPlain();
  }
  ancestors.delete(o);
  return out;
}

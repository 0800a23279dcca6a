// The copies that keep the kit and the runtime from sharing objects: an in-process node's control
// calls and events as they cross the harness boundary, and what the kit reads off the runtime
// (Outcomes, the Store records it reads itself). The copy is what structuredClone gives, made in JavaScript
// for the plain data these carry (plain objects, dense arrays, strings, numbers, booleans, null,
// undefined): structuredClone's serializer costs microseconds even for a small object, and a
// simulated campaign makes hundreds of thousands of these copies (the in-process node's call() was
// ~5% of a 20,000-op seed's CPU). Anything else (a class instance, a Map, a Date, a function, a
// sparse array, an object reached twice or in a cycle) goes to structuredClone itself, so the
// result, or the error, is the same as before (but for named properties set on an array, which
// JSON would drop as well and nothing here sets).

class NotPlain extends Error {}

export function plainCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? structuredClone(value) : value;
  try {
    return copy(value, new Set()) as T;
  } catch (e) {
    if (e instanceof NotPlain) return structuredClone(value);
    throw e;
  }
}

function copy(v: unknown, seen: Set<object>): unknown {
  if (typeof v !== 'object' || v === null) {
    if (typeof v === 'function' || typeof v === 'symbol') throw new NotPlain();
    return v;
  }
  // structuredClone keeps an object met twice one object; a tree copy would make two.
  if (seen.has(v)) throw new NotPlain();
  seen.add(v);
  const proto = Object.getPrototypeOf(v);
  if (proto === Array.prototype) {
    const a = v as unknown[];
    const out = new Array<unknown>(a.length);
    for (let i = 0; i < a.length; i++) {
      if (!(i in a)) throw new NotPlain();
      out[i] = copy(a[i], seen);
    }
    return out;
  }
  if (proto !== Object.prototype) throw new NotPlain();
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    // Assigning __proto__ would set the prototype, not copy a property.
    if (k === '__proto__') throw new NotPlain();
    out[k] = copy((v as Record<string, unknown>)[k], seen);
  }
  return out;
}

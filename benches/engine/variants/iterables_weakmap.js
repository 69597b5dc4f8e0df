// Custom iterables with [Symbol.iterator] (a range class, a linked list, a paginated cursor),
// spread/for-of/Array.from/destructuring over them, plus a WeakMap cache of derived values.
const random = rng(1313);
class Range { constructor(a, b, step = 1) { this.a = a; this.b = b; this.step = step; }
    [Symbol.iterator]() { let v = this.a; const { b, step } = this; return { next: () => v < b ? { value: (v += step) - step, done: false } : { value: undefined, done: true }, [Symbol.iterator]() { return this; } }; } }
class LinkedList { constructor() { this.head = null; this.size = 0; }
    push(value) { const node = { value, next: null }; if (!this.head) this.head = this.tail = node; else this.tail = this.tail.next = node; this.size++; return this; }
    *[Symbol.iterator]() { for (let n = this.head; n; n = n.next) yield n.value; } }
class Pages { constructor(items, size) { this.items = items; this.size = size; }
    [Symbol.iterator]() { let i = 0; const items = this.items, size = this.size; return { next() { if (i >= items.length) return { done: true, value: undefined }; const page = items.slice(i, i + size); i += size; return { done: false, value: page }; }, return() { return { done: true, value: undefined }; } }; } }
const records = Array.from({ length: 30000 }, (_, i) => ({ id: i, v: Math.floor(random() * 1000), tag: pick(random, WORDS) }));
const start = now();
let sum = 0; for (const x of new Range(0, 200000, 3)) sum += x;
const arr = [...new Range(0, 50000)];
const list = new LinkedList(); for (const r of records) list.push(r);
let listSum = 0; for (const r of list) listSum += r.v;
const fromList = Array.from(list, (r) => r.tag.length);
const [first, second, ...rest] = list;
let pages = 0, firstBig = null;
for (const page of new Pages(records, 250)) { pages++; const big = page.find((r) => r.v > 998); if (big && !firstBig) firstBig = big.id; if (pages > 100) break; }
const cache = new WeakMap(); let hits = 0;
const derived = (r) => { if (cache.has(r)) { hits++; return cache.get(r); } const d = { key: r.tag + ":" + r.v, score: Math.sqrt(r.v) }; cache.set(r, d); return d; };
let scoreSum = 0; for (let round = 0; round < 4; round++) for (const r of records) scoreSum += derived(r).score;
const entries = new Map(arr.slice(0, 10000).map((x) => [x, x * 2]));
let mapSum = 0; for (const [k, v] of entries) mapSum += k + v;
const ms = now() - start;
return { ms, check: checksum([sum, arr.length, listSum, fromList.reduce((a, b) => a + b, 0), first.id, second.id, rest.length, pages, firstBig, hits, scoreSum.toFixed(4), mapSum]) };

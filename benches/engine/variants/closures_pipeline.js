// Functional pipelines: compose/pipe, curry, partial application, memoize with closures,
// debounce-like counters, and a transducer-style map/filter/reduce over records.
const random = rng(888);
const rows = Array.from({ length: 50000 }, (_, i) => ({ id: i, name: pick(random, WORDS), score: Math.floor(random() * 1000), region: pick(random, ["n", "s", "e", "w"]) }));
const start = now();
const pipe = (...fns) => (x) => fns.reduce((v, f) => f(v), x);
const compose = (...fns) => (x) => fns.reduceRight((v, f) => f(v), x);
const curry = (fn) => function curried(...args) { return args.length >= fn.length ? fn.apply(this, args) : (...more) => curried.apply(this, [...args, ...more]); };
const prop = curry((key, obj) => obj[key]);
const gt = curry((n, x) => x > n);
const add = curry((a, b, c) => a + b + c);
const map = (f) => (xs) => xs.map(f);
const filter = (f) => (xs) => xs.filter(f);
const sortBy = (f) => (xs) => [...xs].sort((a, b) => f(a) - f(b));
const take = (n) => (xs) => xs.slice(0, n);
const memo = (fn) => { const cache = new Map(); return (x) => cache.has(x) ? cache.get(x) : (cache.set(x, fn(x)), cache.get(x)); };
const slowLen = memo((s) => s.split("").reverse().join("").length);
const normalize = pipe(prop("score"), (s) => s / 1000, (s) => Math.round(s * 100) / 100);
const process = pipe(filter(compose(gt(500), prop("score"))), map((r) => ({ ...r, norm: normalize(r), len: slowLen(r.name), tag: add(r.region)("-")(r.name) })), sortBy(prop("norm")), take(2000));
const result = process(rows);
const mapping = (f) => (step) => (acc, x) => step(acc, f(x));
const filtering = (p) => (step) => (acc, x) => p(x) ? step(acc, x) : acc;
const xform = compose(filtering((r) => r.region === "n"), mapping((r) => r.score * 2), filtering((s) => s % 3 === 0));
const total = rows.reduce(xform((a, b) => a + b), 0);
let counter = 0; const makeCounter = () => { let c = 0; return { inc: () => ++c, get: () => c }; };
const counters = Array.from({ length: 1000 }, makeCounter);
for (let i = 0; i < 100000; i++) counter += counters[i % 1000].inc();
const ms = now() - start;
return { ms, check: checksum([result.length, result.slice(0, 5), total, counter, counters[7].get()]) };

// The Math functions and `**` over generated arguments, for math.rs: returns, for each function,
// its results as `String` writes them. The arguments are the same in every engine: a MINSTD
// generator, whose products stay below 2^53 and so are exact.
let seed = 20261207;
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const SCALES = [1, 10, 100, 1e-3, 1e5, 700, 0.5, 30];
const EXPONENTS = [1, 3, 10, 40];
const COUNT = 300;
const inputs = [];
for (let i = 0; i < COUNT; i++) {
  inputs.push([(next() * 2 - 1) * SCALES[i % SCALES.length], (next() * 2 - 1) * EXPONENTS[i % EXPONENTS.length]]);
}
const ONE_ARGUMENT = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "cos", "cosh", "exp", "expm1", "log", "log1p", "log2", "log10", "sin", "sinh", "sqrt", "tan", "tanh"];
const POSITIVE = new Set(["log", "log2", "log10", "sqrt"]);
const show = (v) => (Object.is(v, -0) ? "-0" : String(v));
const results = {};
for (const name of ONE_ARGUMENT) {
  results[name] = inputs.map(([x]) => show(Math[name](name === "acosh" ? Math.abs(x) + 1 : POSITIVE.has(name) ? Math.abs(x) : x)));
}
results.atan2 = inputs.map(([x, y]) => show(Math.atan2(x, y)));
results.hypot = inputs.map(([x, y]) => show(Math.hypot(x, y)));
results.hypot3 = inputs.map(([x, y]) => show(Math.hypot(x, y, x - y)));
results.pow = inputs.map(([x, y]) => show(Math.abs(x) ** y));
results.powInteger = inputs.map(([x, y]) => show(x ** Math.round(y)));
return results;

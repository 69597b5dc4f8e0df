// Memoized recursion with string keys `${i},${j}` in a Map (edit distance between many pairs)
// and an object-keyed knapsack memo, as models write top-down DP.
const random = rng(606);
const word = () => Array.from({ length: 8 + Math.floor(random() * 14) }, () => "abcdefghij"[Math.floor(random() * 10)]).join("");
const pairs = Array.from({ length: 250 }, () => [word(), word()]);
const items = Array.from({ length: 60 }, () => ({ w: 1 + Math.floor(random() * 30), v: Math.floor(random() * 100) }));
const start = now();
function editDistance(a, b) {
    const memo = new Map();
    function go(i, j) {
        if (i === a.length) return b.length - j;
        if (j === b.length) return a.length - i;
        const key = `${i},${j}`;
        if (memo.has(key)) return memo.get(key);
        const r = a[i] === b[j] ? go(i + 1, j + 1) : 1 + Math.min(go(i + 1, j), go(i, j + 1), go(i + 1, j + 1));
        memo.set(key, r);
        return r;
    }
    return go(0, 0);
}
const distances = pairs.map(([a, b]) => editDistance(a, b));
function knapsack(cap) {
    const memo = {};
    const go = (i, c) => {
        if (i === items.length || c === 0) return 0;
        const k = i + ":" + c;
        if (k in memo) return memo[k];
        let best = go(i + 1, c);
        if (items[i].w <= c) best = Math.max(best, items[i].v + go(i + 1, c - items[i].w));
        return (memo[k] = best);
    };
    return go(0, cap);
}
const knap = [100, 250, 400].map(knapsack);
const fibMemo = new Map(); const fib = (n) => n < 2 ? BigInt(n) : fibMemo.get(n) ?? (fibMemo.set(n, fib(n - 1) + fib(n - 2)), fibMemo.get(n));
const ms = now() - start;
return { ms, check: checksum([distances.reduce((a, b) => a + b, 0), distances.slice(0, 30), knap, fib(300).toString()]) };

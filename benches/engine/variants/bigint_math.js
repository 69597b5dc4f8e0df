// BigInt arithmetic: factorials, Fibonacci, modular exponentiation, Miller-Rabin primality,
// digit sums via toString, and money totals in integer cents.
const random = rng(505);
const cents = Array.from({ length: 30000 }, () => BigInt(Math.floor(random() * 1e9)) * 1000n + BigInt(Math.floor(random() * 1000)));
const start = now();
function modpow(base, exp, mod) { let result = 1n; base %= mod; while (exp > 0n) { if (exp & 1n) result = (result * base) % mod; base = (base * base) % mod; exp >>= 1n; } return result; }
function isProbablePrime(n) {
    if (n < 2n) return false;
    for (const p of [2n, 3n, 5n, 7n, 11n, 13n]) if (n % p === 0n) return n === p;
    let d = n - 1n, r = 0; while ((d & 1n) === 0n) { d >>= 1n; r++; }
    outer: for (const a of [2n, 3n, 5n, 7n, 11n, 13n, 17n]) {
        let x = modpow(a, d, n); if (x === 1n || x === n - 1n) continue;
        for (let i = 1; i < r; i++) { x = (x * x) % n; if (x === n - 1n) continue outer; }
        return false;
    }
    return true;
}
let f = 1n; for (let i = 1n; i <= 1500n; i++) f *= i;
const factDigits = f.toString();
const digitSum = [...factDigits].reduce((s, d) => s + Number(d), 0);
let a = 0n, b = 1n; for (let i = 0; i < 3000; i++) [a, b] = [b, a + b];
const primes = []; for (let n = 10n ** 12n + 1n; primes.length < 200; n += 2n) if (isProbablePrime(n)) primes.push(n);
let total = 0n; for (const c of cents) total += c;
const avg = total / BigInt(cents.length);
const fmt = (v) => { const s = v.toString().padStart(4, "0"); return s.slice(0, -3).replace(/\B(?=(\d{3})+(?!\d))/g, ",") + "." + s.slice(-3); };
const hex = (2n ** 256n - 1n).toString(16), back = BigInt("0x" + hex);
const ms = now() - start;
return { ms, check: checksum([factDigits.length, digitSum, a.toString().slice(0, 40), b % 1000000007n + "", primes.slice(-3).map(String), fmt(total), fmt(avg), back === 2n ** 256n - 1n, BigInt.asUintN(64, f).toString(), BigInt.asIntN(32, total).toString()]) };

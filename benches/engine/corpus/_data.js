// Shared by every corpus script (prepended by the runner): a seeded generator, so that every
// engine works on the same bytes, and the clock the script times its work with.
const now = typeof performance === "object" && performance.now ? () => performance.now() : () => Date.now();
function rng(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
const pick = (random, list) => list[Math.floor(random() * list.length)];
const WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega request response server client timeout retry cache index user order item price total".split(" ");
function logText(lines, seed) {
    const random = rng(seed);
    const levels = ["INFO", "WARN", "ERROR", "DEBUG"];
    const out = [];
    for (let i = 0; i < lines; i++) {
        const hour = String(Math.floor(random() * 24)).padStart(2, "0");
        const minute = String(Math.floor(random() * 60)).padStart(2, "0");
        const words = Array.from({ length: 8 + Math.floor(random() * 8) }, () => pick(random, WORDS)).join(" ");
        out.push(`2024-03-${String(1 + (i % 28)).padStart(2, "0")}T${hour}:${minute}:07.123Z ${pick(random, levels)} [svc-${Math.floor(random() * 9)}] user=${Math.floor(random() * 5000)} latency=${Math.floor(random() * 900)}ms ${words}`);
    }
    return out.join("\n");
}
// A checksum of any JSON value, the same in every engine.
function checksum(value) {
    const text = JSON.stringify(value);
    let hash = 2166136261;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
    return (hash >>> 0).toString(16) + ":" + text.length;
}

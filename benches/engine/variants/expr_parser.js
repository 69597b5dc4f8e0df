// A tokenizer with a switch over characters, a recursive-descent parser building an AST,
// and a tree-walking evaluator with variables, as models write for a small expression language.
const random = rng(101);
const vars = ["x", "y", "z", "rate", "qty", "price"];
function genExpr(depth) {
    if (depth === 0 || random() < 0.25) return random() < 0.5 ? String(Math.floor(random() * 100)) : (random() < 0.5 ? pick(random, vars) : (random() * 50).toFixed(2));
    const r = random();
    if (r < 0.15) return `(${genExpr(depth - 1)})`;
    if (r < 0.22) return `-${genExpr(depth - 1)}`;
    if (r < 0.3) return `max(${genExpr(depth - 1)}, ${genExpr(depth - 1)})`;
    return `${genExpr(depth - 1)} ${pick(random, ["+", "-", "*", "/", "%", "^", "<", ">", "=="])} ${genExpr(depth - 1)}`;
}
const sources = Array.from({ length: 4000 }, () => genExpr(5));
const start = now();
function tokenize(src) {
    const tokens = [];
    let i = 0;
    while (i < src.length) {
        const c = src[i];
        switch (c) {
            case " ": case "\t": i++; break;
            case "+": case "-": case "*": case "/": case "%": case "^": case "(": case ")": case ",":
                tokens.push({ type: "op", value: c }); i++; break;
            case "<": case ">": tokens.push({ type: "op", value: c }); i++; break;
            case "=": if (src[i + 1] === "=") { tokens.push({ type: "op", value: "==" }); i += 2; break; } throw new Error("bad =");
            default:
                if (c >= "0" && c <= "9") {
                    let j = i; while (j < src.length && ((src[j] >= "0" && src[j] <= "9") || src[j] === ".")) j++;
                    tokens.push({ type: "num", value: parseFloat(src.slice(i, j)) }); i = j;
                } else if (/[a-z_]/i.test(c)) {
                    let j = i; while (j < src.length && /[a-z0-9_]/i.test(src[j])) j++;
                    tokens.push({ type: "ident", value: src.slice(i, j) }); i = j;
                } else throw new SyntaxError(`Unexpected ${c} at ${i}`);
        }
    }
    tokens.push({ type: "eof" });
    return tokens;
}
class Parser {
    constructor(tokens) { this.tokens = tokens; this.pos = 0; }
    peek() { return this.tokens[this.pos]; }
    next() { return this.tokens[this.pos++]; }
    expect(v) { const t = this.next(); if (t.value !== v) throw new SyntaxError(`expected ${v}`); return t; }
    parseComparison() { let left = this.parseAdd(); while (["<", ">", "=="].includes(this.peek().value)) { const op = this.next().value; left = { kind: "bin", op, left, right: this.parseAdd() }; } return left; }
    parseAdd() { let left = this.parseMul(); while (this.peek().value === "+" || this.peek().value === "-") { const op = this.next().value; left = { kind: "bin", op, left, right: this.parseMul() }; } return left; }
    parseMul() { let left = this.parseUnary(); while (["*", "/", "%"].includes(this.peek().value)) { const op = this.next().value; left = { kind: "bin", op, left, right: this.parseUnary() }; } return left; }
    parseUnary() { if (this.peek().value === "-") { this.next(); return { kind: "neg", arg: this.parseUnary() }; } return this.parsePow(); }
    parsePow() { const base = this.parsePrimary(); if (this.peek().value === "^") { this.next(); return { kind: "bin", op: "^", left: base, right: this.parseUnary() }; } return base; }
    parsePrimary() {
        const t = this.next();
        if (t.type === "num") return { kind: "num", value: t.value };
        if (t.type === "ident") {
            if (this.peek().value === "(") { this.next(); const args = [this.parseComparison()]; while (this.peek().value === ",") { this.next(); args.push(this.parseComparison()); } this.expect(")"); return { kind: "call", name: t.value, args }; }
            return { kind: "var", name: t.value };
        }
        if (t.value === "(") { const e = this.parseComparison(); this.expect(")"); return e; }
        throw new SyntaxError("unexpected " + JSON.stringify(t));
    }
}
const fns = { max: Math.max, min: Math.min };
function evaluate(node, env) {
    switch (node.kind) {
        case "num": return node.value;
        case "var": return env[node.name];
        case "neg": return -evaluate(node.arg, env);
        case "call": return fns[node.name](...node.args.map((a) => evaluate(a, env)));
        case "bin": {
            const a = evaluate(node.left, env), b = evaluate(node.right, env);
            switch (node.op) {
                case "+": return a + b; case "-": return a - b; case "*": return a * b;
                case "/": return b === 0 ? 0 : a / b; case "%": return b === 0 ? 0 : a % b;
                case "^": return Math.pow(Math.abs(a) % 10, Math.abs(b) % 4);
                case "<": return a < b ? 1 : 0; case ">": return a > b ? 1 : 0; case "==": return a === b ? 1 : 0;
            }
        }
    }
    throw new Error("bad node");
}
let tokenCount = 0, nodes = 0;
const results = [];
for (const src of sources) {
    const tokens = tokenize(src);
    tokenCount += tokens.length;
    const ast = new Parser(tokens).parseComparison();
    nodes += JSON.stringify(ast).length;
    let sum = 0;
    for (let k = 0; k < 5; k++) sum += evaluate(ast, { x: k, y: k * 2.5, z: 7 - k, rate: 0.07, qty: 12 + k, price: 19.99 });
    results.push(Math.round(sum * 1000) / 1000);
}
const ms = now() - start;
return { ms, check: checksum([tokenCount, nodes, results.slice(0, 50), results.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0).toFixed(3)]) };

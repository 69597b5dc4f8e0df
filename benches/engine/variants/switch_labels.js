// A command interpreter: switch on string opcodes, labeled break/continue out of nested loops,
// do/while, comma expressions; a tiny stack VM running generated programs.
const random = rng(777);
const opcodes = ["push", "add", "sub", "mul", "dup", "swap", "pop", "jz", "jmp", "print", "inc", "dec", "mod"];
const programs = Array.from({ length: 400 }, () => {
    const prog = [];
    const len = 30 + Math.floor(random() * 40);
    for (let i = 0; i < len; i++) { const op = pick(random, opcodes); prog.push(op === "push" ? `push ${Math.floor(random() * 20)}` : op === "jz" || op === "jmp" ? `${op} ${Math.floor(random() * len)}` : op); }
    return prog.join("\n");
});
const start = now();
const outputs = [];
let totalSteps = 0, halted = 0;
for (const src of programs) {
    const code = src.split("\n").map((l) => l.split(" "));
    const stack = [], out = [];
    let pc = 0, steps = 0;
    run: while (pc < code.length) {
        const [op, arg] = code[pc++];
        if (++steps > 2000) { halted++; break; }
        switch (op) {
            case "push": stack.push(Number(arg)); break;
            case "add": case "sub": case "mul": case "mod": {
                if (stack.length < 2) continue run;
                const b = stack.pop(), a = stack.pop();
                stack.push(op === "add" ? a + b : op === "sub" ? a - b : op === "mul" ? (a * b) % 100003 : b === 0 ? 0 : a % b);
                break;
            }
            case "dup": if (stack.length) stack.push(stack.at(-1)); break;
            case "swap": if (stack.length > 1) { const t = stack.length - 1; [stack[t], stack[t - 1]] = [stack[t - 1], stack[t]]; } break;
            case "pop": stack.pop(); break;
            case "jz": if (stack.length && stack.pop() === 0) pc = Number(arg); break;
            case "jmp": pc = Number(arg); break;
            case "inc": if (stack.length) stack[stack.length - 1]++; break;
            case "dec": if (stack.length) stack[stack.length - 1]--; break;
            case "print": out.push(stack.length ? stack.at(-1) : "empty"); if (out.length > 50) break run; break;
            default: throw new Error("unknown " + op);
        }
    }
    totalSteps += steps;
    outputs.push(out.join(","));
}
// labeled search for first pair of programs sharing an output prefix
let pair = null;
outer: for (let i = 0; i < outputs.length; i++) {
    for (let j = i + 1; j < outputs.length; j++) {
        if (!outputs[i] || outputs[i].length < 6) continue outer;
        if (outputs[j].startsWith(outputs[i].slice(0, 6))) { pair = [i, j]; break outer; }
    }
}
let k = 0, acc = 0; do { acc += k * k, k++; } while (k < 1000);
const ms = now() - start;
return { ms, check: checksum([totalSteps, halted, outputs.slice(0, 20), pair, acc]) };

// A class hierarchy with private fields (#x), private methods, static members and counters,
// super calls in constructors and overridden methods, instanceof dispatch, toString/toJSON.
const random = rng(555);
class Account {
    static #count = 0;
    static registry = new Map();
    #balance = 0; #history = [];
    constructor(owner) { this.owner = owner; this.id = ++Account.#count; Account.registry.set(this.id, this); }
    get balance() { return this.#balance; }
    #record(kind, amount) { this.#history.push({ kind, amount, at: this.#history.length }); }
    deposit(amount) { if (amount <= 0) throw new RangeError("amount"); this.#balance += amount; this.#record("dep", amount); return this; }
    withdraw(amount) { if (amount > this.#balance) return false; this.#balance -= amount; this.#record("wd", amount); return true; }
    monthEnd() { return 0; }
    get historyLength() { return this.#history.length; }
    static count() { return Account.#count; }
    static isAccount(o) { return #balance in o; }
    toJSON() { return { id: this.id, type: this.constructor.name, balance: Math.round(this.#balance * 100) / 100 }; }
}
class Savings extends Account {
    #rate;
    constructor(owner, rate) { super(owner); this.#rate = rate; }
    monthEnd() { const interest = this.balance * this.#rate / 12; if (interest > 0) this.deposit(interest); return interest + super.monthEnd(); }
}
class Checking extends Account {
    #fee; static FREE_ABOVE = 1000;
    constructor(owner, fee) { super(owner); this.#fee = fee; }
    withdraw(amount) { return super.withdraw(amount + (this.balance < Checking.FREE_ABOVE ? this.#fee : 0)); }
    monthEnd() { if (this.balance < Checking.FREE_ABOVE) { this.withdraw(0); return -this.#fee; } return 0; }
}
class Premium extends Savings { monthEnd() { return super.monthEnd() * 1.5; } }
const ops = Array.from({ length: 150000 }, () => [Math.floor(random() * 2000), random() < 0.6 ? "dep" : "wd", Math.floor(random() * 50000) / 100]);
const start = now();
const accounts = Array.from({ length: 2000 }, (_, i) => i % 3 === 0 ? new Savings("o" + i, 0.03) : i % 3 === 1 ? new Checking("o" + i, 2.5) : new Premium("o" + i, 0.05));
let failed = 0, errors = 0;
for (const [i, kind, amount] of ops) {
    const acc = accounts[i];
    try { if (kind === "dep") acc.deposit(amount); else if (!acc.withdraw(amount)) failed++; } catch (e) { errors++; }
}
let monthly = 0;
for (let m = 0; m < 12; m++) for (const a of accounts) monthly += a.monthEnd();
const types = accounts.reduce((acc, a) => { const t = a instanceof Premium ? "premium" : a instanceof Savings ? "savings" : "checking"; acc[t] = (acc[t] || 0) + a.balance; return acc; }, {});
const json = JSON.stringify(accounts.slice(0, 50));
const ms = now() - start;
return { ms, check: checksum([failed, errors, monthly.toFixed(2), Object.fromEntries(Object.entries(types).map(([k, v]) => [k, v.toFixed(2)])), json, Account.count(), Account.registry.size, Account.isAccount(accounts[7]), Account.isAccount({}), accounts.reduce((s, a) => s + a.historyLength, 0)]) };

// Group 30,000 JSON records: Set, flatMap, JSON.stringify and parse.
const random = rng(6);
const records = Array.from({ length: 30000 }, (_, i) => ({ id: i, team: pick(random, WORDS), tags: [pick(random, WORDS), pick(random, WORDS)], score: Math.floor(random() * 100) }));
const json = JSON.stringify(records);
const start = now();
const parsed = JSON.parse(json);
const teams = new Set(parsed.map((record) => record.team));
const tags = new Set(parsed.flatMap((record) => record.tags));
const groups = {};
for (const record of parsed) (groups[record.team] ??= []).push(record.id);
const summary = Object.entries(groups).map(([team, ids]) => ({ team, count: ids.length, first: ids[0] }));
const back = JSON.stringify({ teams: teams.size, tags: tags.size, summary });
const ms = now() - start;
return { ms, check: checksum(JSON.parse(back)) };

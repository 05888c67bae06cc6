// Map build: count 300,000 string keys (20,000 distinct) into a Map, then sum it
const m = new Map();
for (let i = 0; i < 300000; i++) {
	const k = "key-" + ((i * 7919) % 20000);
	m.set(k, (m.get(k) || 0) + 1);
}
let s = 0;
for (const v of m.values()) s += v;
if (s !== 300000 || m.size !== 20000) throw new Error("bad map " + s + " " + m.size);

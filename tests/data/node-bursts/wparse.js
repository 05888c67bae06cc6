// five passes of JSON.parse of a 20,000-row API response, each timed by the
// wall clock (process.hrtime.bigint): what a request waits for, machine included
const rows = [];
for (let i = 0; i < 20000; i++)
	rows.push({ id: i, name: "user" + i, email: "user" + i + "@example.com",
		tags: ["a", "b", "c"], meta: { created: 1700000000 + i, score: i % 97 } });
const text = JSON.stringify(rows);
let s = 0;
for (let w = 0; w < 3; w++) s += JSON.parse(text).length; // warm-up
const passes = [];
for (let p = 0; p < 5; p++) {
	const t = process.hrtime.bigint();
	s += JSON.parse(text).length;
	passes.push(Number(process.hrtime.bigint() - t) / 1e6);
}
if (s < 0) console.log(s);
console.log(JSON.stringify({ workload: "JSON.parse, 20k rows (wall time)", unit: "ms", passes }));

// regex: pull the method, path and status out of 60,000 access-log lines
const lines = [];
for (let i = 0; i < 60000; i++)
	lines.push(`10.0.${i % 256}.${i % 97} - - [04/Dec/2026:10:${String(i % 60).padStart(2, "0")}:00 +0000] ` +
		`"${i % 5 ? "GET" : "POST"} /api/v1/items/${i}?page=${i % 13} HTTP/1.1" ${i % 31 ? 200 : 404} ${100 + i % 5000}`);
const re = /^(\S+) \S+ \S+ \[([^\]]+)\] "(GET|POST|PUT|DELETE) ([^ ?"]+)(?:\?[^ "]*)? HTTP\/[\d.]+" (\d{3}) (\d+)$/;
let notFound = 0;
for (let k = 0; k < 3; k++)
	for (const l of lines) { const m = re.exec(l); if (m[5] === "404") notFound++; }
if (notFound === 0) throw new Error("no match");

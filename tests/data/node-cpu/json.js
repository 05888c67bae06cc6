// JSON round trip: stringify then parse a 10,000-order list, 6 times
const orders = [];
for (let i = 0; i < 10000; i++)
	orders.push({ id: i, customer: "c" + (i % 700), total: (i * 37) % 1000 / 10,
		items: [{ sku: "s" + (i % 50), qty: 1 + i % 3 }, { sku: "t" + (i % 90), qty: 2 }],
		paid: i % 4 !== 0, note: i % 9 ? null : "gift wrap" });
let n = 0;
for (let k = 0; k < 6; k++) n += JSON.parse(JSON.stringify(orders)).length;
if (n !== 60000) throw new Error("bad count " + n);

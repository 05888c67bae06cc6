#!/usr/bin/env bash
# tests/golden/sheets.sh XLSX - the workbook's sheets as text, one line per
# cell: "sheetN A1 value", shared strings resolved, formulas as "=F -> value",
# line breaks in a cell as "\n". Reads only the sheet XML, so a wording or
# layout change in the workbook shows as a plain diff.
set -eu
x=$1
for part in $(unzip -Z1 "$x" | grep '^xl/worksheets/sheet[0-9]*\.xml$' | sort -V); do
	name=${part#xl/worksheets/}
	strings=/dev/null
	unzip -Z1 "$x" | grep -qx 'xl/sharedStrings.xml' && strings=xl/sharedStrings.xml
	awk -v sheet="${name%.xml}" '
		# the shared strings by name (ARGV[2]): a workbook written row by
		# row has none, and an empty input has no first record to count
		FILENAME == ARGV[2] {
			# shared strings: one record per <si>
			if (FNR == 1) next
			t = $0; gsub(/<[^>]*>/, "", t); gsub(/\n/, "\\n", t); gsub(/\r/, "\\r", t)
			s[n++] = t; next
		}
		FNR == 1 { next }
		{
			ref = $0; sub(/^r="/, "", ref); sub(/".*/, "", ref)
			head = $0; sub(/>.*/, "", head)
			v = ""; f = ""
			if (match($0, /<v>[^<]*<\/v>/)) v = substr($0, RSTART + 3, RLENGTH - 7)
			if (match($0, /<f>[^<]*<\/f>/)) f = substr($0, RSTART + 3, RLENGTH - 7)
			if (head ~ /t="s"/) v = s[v]
			if (match($0, /<is><t[^>]*>[^<]*<\/t><\/is>/)) { v = substr($0, RSTART, RLENGTH); gsub(/<[^>]*>/, "", v) }
			if (f != "") v = "=" f " -> " v
			if (v != "") print sheet, ref, v
		}' RS='<si>' <(if [ "$strings" = /dev/null ]; then :; else unzip -p "$x" "$strings"; fi) RS='<c ' <(unzip -p "$x" "$part")
done

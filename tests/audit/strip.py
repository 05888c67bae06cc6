#!/usr/bin/env python3
"""tests/audit/strip.py IN.xlsx OUT.xlsx - the workbook with every formula's
cached value removed, so that a spreadsheet that opens it must compute each
formula itself (LibreOffice with lo_profile's recalculate-on-load)."""
import re
import sys
import zipfile

FORMULA_VALUE = re.compile(r'(<c [^>]*>)(<f>[^<]*</f>)<v>[^<]*</v>(</c>)')


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename.startswith("xl/worksheets/sheet") and item.filename.endswith(".xml"):
                text = data.decode("utf-8")
                text, n = FORMULA_VALUE.subn(r"\1\2\3", text)
                # a cell whose cached value was its only content keeps its type
                data = text.encode("utf-8")
            zout.writestr(item, data)


if __name__ == "__main__":
    main()

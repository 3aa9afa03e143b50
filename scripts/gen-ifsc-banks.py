#!/usr/bin/env python3
"""Writes core/data/ifsc-banks.tsv from Razorpay's ifsc dataset.

    scripts/gen-ifsc-banks.py path/to/banknames.json COMMIT

banknames.json is src/banknames.json of https://github.com/razorpay/ifsc (MIT
licence, Razorpay Software Private Limited): the RBI bank code (the first four
letters of an IFSC) of every Indian bank, mapped to its name. COMMIT is the
commit it was taken from, recorded in the file's header.
"""
import json
import os
import sys

HEADER = """# IFSC bank codes (the first four letters of an IFSC) and bank names.
# Source: Razorpay's ifsc dataset, https://github.com/razorpay/ifsc
#   src/banknames.json at commit {commit}
#   License: MIT, Copyright (c) Razorpay Software Private Limited
# Tab-separated lines (code, name), as scripts/gen-ifsc-banks.py writes them
# from that file (a code listed twice keeps its last name); read by
# core/src/banks.rs (banks::ifsc_bank_name).
"""


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    names = json.load(open(sys.argv[1], encoding="utf-8"))
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "core", "data", "ifsc-banks.tsv")
    with open(out, "w", encoding="utf-8") as f:
        f.write(HEADER.format(commit=sys.argv[2]))
        for code in sorted(names):
            name = " ".join(str(names[code]).split())
            if len(code) == 4 and code.isalpha():
                f.write(f"{code}\t{name}\n")
    print(f"wrote {out}: {len(names)} codes")


if __name__ == "__main__":
    main()

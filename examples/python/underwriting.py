"""The underwriting notebook flow as a script: load a statement, show who it
belongs to, tabulate monthly credits and debits, and chart them.

    python examples/python/underwriting.py [statement.pdf [password [chart.png]]]

Without arguments it reads a bundled fixture statement. pandas (for the table)
and matplotlib (for the chart) are used when installed; neither is required.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import bankscope

REPO = Path(__file__).resolve().parents[2]
DEFAULT = REPO / "fixtures" / "statements" / "hdfc_chromium_small.pdf"


def monthly_rows(entity: bankscope.Entity) -> List[Tuple[str, float, float]]:
    """(month, credits, debits) of the first account, in statement order."""
    response = entity.monthly_analysis()
    account_id = response["accounts"][0]["account_id"]
    fields: Dict[str, Dict[str, float]] = response["monthly_analysis"][account_id]["monthly_analysis"]
    credits, debits = fields["amt_credit"], fields["amt_debit"]
    return [(month, credits[month], debits.get(month, 0.0)) for month in credits]


def show_table(rows: List[Tuple[str, float, float]]) -> None:
    try:
        import pandas  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        print(f"{'month':<10}{'credits':>16}{'debits':>16}")
        for month, credit, debit in rows:
            print(f"{month:<10}{credit:>16,.2f}{debit:>16,.2f}")
        return
    frame = pandas.DataFrame(rows, columns=["month", "credits", "debits"]).set_index("month")
    print(frame.to_string(float_format=lambda v: f"{v:,.2f}"))


def save_chart(rows: List[Tuple[str, float, float]], path: Path) -> Optional[Path]:
    try:
        import matplotlib  # type: ignore[import-untyped,import-not-found,unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    months = [m for m, _, _ in rows]
    x = range(len(months))
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar([i - 0.2 for i in x], [c for _, c, _ in rows], width=0.4, label="credits")
    ax.bar([i + 0.2 for i in x], [d for _, _, d in rows], width=0.4, label="debits")
    ax.set_xticks(list(x), months)
    ax.set_ylabel("rupees")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def main(argv: List[str]) -> int:
    statement = Path(argv[1]) if len(argv) > 1 else DEFAULT
    password = (argv[2] or None) if len(argv) > 2 else None
    chart = Path(argv[3]) if len(argv) > 3 else Path("monthly.png")

    try:
        entity = bankscope.analyze(statement, password=password)
    except bankscope.PasswordIncorrect:
        print(f"{statement}: wrong or missing password", file=sys.stderr)
        return 2
    except bankscope.BankscopeError as e:
        print(f"{statement}: {type(e).__name__}: {e}", file=sys.stderr)
        return 1

    for person in entity.identity()["identity"]:
        print(f"holder:  {person['name']}")
        print(f"account: {person['account_number']} ({person['account_category']})")
        print(f"address: {person['address']}")
    print(f"transactions: {len(entity.transactions()['transactions'])}")
    print()

    rows = monthly_rows(entity)
    show_table(rows)
    saved = save_chart(rows, chart)
    print(f"\nchart: {saved}" if saved else "\nchart: skipped (matplotlib not installed)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""bankscope: Indian bank statements in, the analysed data of a lending decision out.

>>> import bankscope
>>> entity = bankscope.analyze("statement.pdf", password="...")   # doctest: +SKIP
>>> entity.identity()["identity"][0]["name"]                       # doctest: +SKIP

Every read method returns the interface's JSON (the same text the HTTP server
sends) as dicts and lists. Amounts are JSON numbers in rupees with two
decimals; use :meth:`Entity.response_json` with ``json.loads(text,
parse_float=decimal.Decimal)`` when sums must be exact.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, TypedDict, Union

from bankscope import _native
from bankscope._native import (
    BankNameMismatch,
    BankscopeError,
    BankUndetected,
    InvalidArgument,
    LimitExceeded,
    Malformed,
    NotAStatement,
    PasswordIncorrect,
    PdfIsImage,
    UnsupportedFormat,
    __version__,
    format_amount,
    parse_amount,
)

if TYPE_CHECKING:
    import pandas  # type: ignore[import-untyped,import-not-found,unused-ignore]

__all__ = [
    "BankNameMismatch",
    "BankscopeError",
    "BankUndetected",
    "Entity",
    "InvalidArgument",
    "LimitExceeded",
    "Malformed",
    "Metadata",
    "NotAStatement",
    "PasswordIncorrect",
    "PdfIsImage",
    "UnsupportedFormat",
    "__version__",
    "analyze",
    "format_amount",
    "parse_amount",
    "to_dataframe",
]

#: A read response: the interface's JSON object as dicts, lists and scalars.
Json = Dict[str, Any]

#: Bytes of a document, or the path of a file holding them.
PdfSource = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]


class Metadata(TypedDict, total=False):
    """Hints about the customer (the session ``metadata`` of the interface)."""

    names: List[str]
    """The customer's names, for name matching and self-transfer detection."""
    employer_names: List[str]
    """Employers, for salary detection."""
    companies_for_self_transfer: List[str]
    """Companies whose transfers count as the customer's own."""


def _bytes_of(source: PdfSource) -> bytes:
    if isinstance(source, bytes):
        return source
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source)
    with open(source, "rb") as f:
        return f.read()


class Entity:
    """The statements of one customer and every analysis over them.

    Safe to share between threads; reading a statement releases the GIL.
    """

    __slots__ = ("_native",)

    def __init__(self, link_id: Optional[str] = None, metadata: Optional[Metadata] = None) -> None:
        meta = None if metadata is None else json.dumps(metadata)
        self._native = _native.Entity(link_id, meta)

    def __repr__(self) -> str:
        return f"bankscope.Entity(entity_id={self.entity_id!r}, link_id={self.link_id!r})"

    @property
    def entity_id(self) -> str:
        """The entity id (UUID4 text)."""
        return self._native.entity_id

    @property
    def link_id(self) -> Optional[str]:
        """The caller's customer identifier."""
        return self._native.link_id

    def add_pdf(self, path_or_bytes: PdfSource, password: Optional[str] = None, bank_name: Optional[str] = None) -> Json:
        """Reads a statement PDF (a path or its bytes) into the entity.

        Returns a summary: ``statement_id``, ``account_id``, ``bank``, ``name``,
        ``account_number``, ``period_from``/``period_to``, ``transactions``
        (count), opening/closing balance, ``balance_breaks`` and the reading
        report: ``rows_proven``, ``reconciles`` and ``reading`` (one line: rows
        read and proven by the balance chain, the first break). Raises a
        :class:`BankscopeError` subclass (``PasswordIncorrect``, ...) and adds
        nothing when the statement cannot be read.
        """
        data = _bytes_of(path_or_bytes)
        summary: Json = json.loads(self._native.add_pdf(data, password, bank_name))
        return summary

    def add_aa(self, data: Union[bytes, str, "os.PathLike[str]"], bank_name: Optional[str] = None) -> List[Json]:
        """Reads Account Aggregator data (JSON or XML text, its bytes, or a
        ``pathlib.Path`` to a file); one summary per account in it."""
        if isinstance(data, str):
            raw = data.encode("utf-8")
        elif isinstance(data, bytes):
            raw = data
        else:
            with open(data, "rb") as f:
                raw = f.read()
        summaries: List[Json] = json.loads(self._native.add_aa(raw, bank_name))
        return summaries

    def response_json(self, resource: str, account_id: Optional[str] = None) -> str:
        """The JSON text of a read endpoint by its interface name
        (``"accounts"``, ``"get_expense_categories"``, ``"monthly_analysis_updated"``, ...)."""
        return self._native.response_json(resource, account_id)

    def _get(self, resource: str, account_id: Optional[str] = None) -> Json:
        response: Json = json.loads(self._native.response_json(resource, account_id))
        return response

    def accounts(self) -> Json:
        """``GET .../accounts/``: the accounts, progress and fraud."""
        return self._get("accounts")

    def identity(self) -> Json:
        """``GET .../identity/``: holder name, address and account per account."""
        return self._get("identity")

    def transactions(self, account_id: Optional[str] = None) -> Json:
        """``GET .../transactions/``: every transaction, of one account or all."""
        return self._get("transactions", account_id)

    def salary(self, account_id: Optional[str] = None) -> Json:
        """``GET .../salary/``: salary credits."""
        return self._get("salary", account_id)

    def recurring_transactions(self, account_id: Optional[str] = None) -> Json:
        """``GET .../recurring_transactions/``: recurring credit and debit sets."""
        return self._get("recurring_transactions", account_id)

    def lender_transactions(self, account_id: Optional[str] = None) -> Json:
        """``GET .../lender_transactions/``: transactions with lenders."""
        return self._get("lender_transactions", account_id)

    def expense_categories(self, account_id: Optional[str] = None) -> Json:
        """``GET .../get_expense_categories/``: expense shares by category."""
        return self._get("get_expense_categories", account_id)

    def top_credits_debits(self) -> Json:
        """``GET .../top_credits_debits/``: top five credits and debits per month."""
        return self._get("top_credits_debits")

    def monthly_analysis(self) -> Json:
        """``GET .../monthly_analysis_updated/``: monthly credits, debits, balances."""
        return self._get("monthly_analysis_updated")

    def predictors(self) -> Json:
        """``GET .../predictors/``: underwriting predictors per account."""
        return self._get("predictors")

    def score(self) -> Json:
        """``GET .../score/``: the score per account."""
        return self._get("score")

    def xlsx_bytes(self, account_id: Optional[str] = None) -> bytes:
        """The xlsx report as workbook bytes (an Excel ``.xlsx`` file, a zip archive).

        With ``account_id`` None: the only account's workbook when the entity
        has one account, else the entity workbook (an overview of every
        account); with an ``account_id``, that account's workbook. Raises
        :class:`InvalidArgument` for an unknown account id or an entity
        without statements. (The ``xlsx_report`` endpoint of the interface
        answers with links to hosted workbooks, which only a server can give.)
        """
        return self._native.xlsx_report(account_id)

    def xlsx_report(self, path: Union[str, "os.PathLike[str]"], account_id: Optional[str] = None) -> Path:
        """Writes the xlsx report (see :meth:`xlsx_bytes`) to ``path`` and returns
        that path. Nothing is written when the report cannot be built."""
        data = self.xlsx_bytes(account_id)
        out = Path(path)
        out.write_bytes(data)
        return out


def analyze(
    path: PdfSource,
    password: Optional[str] = None,
    bank_name: Optional[str] = None,
    *,
    link_id: Optional[str] = None,
    metadata: Optional[Metadata] = None,
) -> Entity:
    """Reads one statement PDF into a new :class:`Entity` and returns it."""
    entity = Entity(link_id, metadata)
    entity.add_pdf(path, password=password, bank_name=bank_name)
    return entity


def to_dataframe(rows: Iterable[Mapping[str, Any]]) -> "pandas.DataFrame":
    """A pandas DataFrame of response rows (``entity.transactions()["transactions"]``).

    pandas is optional (``pip install bankscope[pandas]``); without it this
    raises ImportError saying so.
    """
    try:
        import pandas  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as e:
        raise ImportError("bankscope.to_dataframe needs pandas: pip install 'bankscope[pandas]'") from e
    return pandas.DataFrame.from_records(list(rows))

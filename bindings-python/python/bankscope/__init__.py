"""bankscope: Indian bank statements in, the analysed data of a lending decision out."""

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

__all__ = [
    "BankNameMismatch",
    "BankscopeError",
    "BankUndetected",
    "InvalidArgument",
    "LimitExceeded",
    "Malformed",
    "NotAStatement",
    "PasswordIncorrect",
    "PdfIsImage",
    "UnsupportedFormat",
    "__version__",
    "format_amount",
    "parse_amount",
]

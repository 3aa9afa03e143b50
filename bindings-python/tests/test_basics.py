import pytest

import bankscope


def test_version_is_the_crate_version():
    assert bankscope.__version__.count(".") == 2


@pytest.mark.parametrize(
    "text,paise",
    [
        ("1,23,456.78", 12345678),
        ("1,234.50 Dr", -123450),
        ("(1,234.50)", -123450),
        ("1234.50-", -123450),
        ("₹ 5,30,000.00 CR", 53000000),
    ],
)
def test_parse_amount_reads_printed_forms(text, paise):
    assert bankscope.parse_amount(text) == paise


def test_format_amount_uses_indian_grouping():
    assert bankscope.format_amount(-53000000) == "-5,30,000.00"


def test_bad_amount_raises_typed_error():
    with pytest.raises(bankscope.InvalidArgument) as info:
        bankscope.parse_amount("12abc")
    assert "12abc" in str(info.value)
    assert isinstance(info.value, bankscope.BankscopeError)


def test_every_error_is_a_bankscope_error():
    for name in [
        "PasswordIncorrect",
        "PdfIsImage",
        "NotAStatement",
        "UnsupportedFormat",
        "BankNameMismatch",
        "BankUndetected",
        "LimitExceeded",
        "Malformed",
        "InvalidArgument",
    ]:
        assert issubclass(getattr(bankscope, name), bankscope.BankscopeError)

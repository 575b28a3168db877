"""The shared notation reader takes ASCII digits only (no traceback on other digits)."""

from __future__ import annotations

import pytest

from playable.solver.core.cardlist import Token, integer, is_number
from playable.solver.core.errors import NotationError


@pytest.mark.parametrize("text", ["0", "7", "42", "9" * 18])
def test_ascii_digits_are_numbers(text: str) -> None:
    assert is_number(text)


@pytest.mark.parametrize("text", ["", "²", "٣", "1²", "４２", "-1", "+1", "1.0", " 1", "9" * 19])
def test_other_digits_are_not_numbers(text: str) -> None:
    assert not is_number(text)


@pytest.mark.parametrize("text", ["²", "٣", "۴۲", "9" * 5000])
def test_integer_names_line_and_column(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        integer(Token(text, 3, 12), 1, 99, "a card")
    assert (caught.value.line, caught.value.column) == (3, 12)
    assert "expected a card 1..99" in str(caught.value)


def test_integer_reads_ascii_digits() -> None:
    assert integer(Token("37", 1, 1), 2, 99, "a card") == 37

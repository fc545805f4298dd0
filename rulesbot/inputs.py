"""What a user types, checked once for every command and the chat: bytes that are not
UTF-8, control characters, blank or overlong text become one clear UsageError."""

from __future__ import annotations

import unicodedata

from rulesbot.errors import UsageError

MAX_QUESTION = 2000  # characters; the longest law is about 2,500, a question far shorter
SPACES = "\t\n\r\v\f"


def decode_line(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"the input is not valid UTF-8 (byte {exc.start + 1})") from None


def question_text(text: str, what: str = "the question", limit: int = MAX_QUESTION) -> str:
    """Whitespace runs become one space; any other control character is refused."""
    for position, char in enumerate(text, 1):
        if "\udc80" <= char <= "\udcff":  # an undecodable byte that Python kept as a surrogate
            raise UsageError(f"{what} is not valid UTF-8 (character {position})")
        if char not in SPACES and unicodedata.category(char) in ("Cc", "Cs"):
            raise UsageError(
                f"{what} contains a control character (U+{ord(char):04X} at {position})"
            )
    cleaned = " ".join(text.split())
    if not cleaned:
        raise UsageError(f"{what} is empty")
    if len(cleaned) > limit:
        raise UsageError(f"{what} is longer than {limit} characters ({len(cleaned)})")
    return cleaned

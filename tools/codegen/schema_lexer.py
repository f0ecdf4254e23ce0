"""Tokens of the `func:` schema language.

The lexer is the only place that looks at characters; the parser sees tokens. Two token lists
that are equal are two schemas that differ at most in whitespace (and in the quote character of
a string), which is what the round-trip check compares.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from tools.codegen.errors import SchemaSyntaxError


class Tok(enum.Enum):
    IDENT = "identifier"
    NUMBER = "number"
    STRING = "string"
    PUNCT = "punctuation"
    ARROW = "'->'"
    END = "end of schema"


@dataclass(frozen=True)
class Token:
    kind: Tok
    text: str  # for STRING, the decoded contents
    column: int  # 1-based

    def describe(self) -> str:
        if self.kind is Tok.END:
            return "end of schema"
        if self.kind is Tok.STRING:
            return f'string "{self.text}"'
        return f"'{self.text}'"


PUNCTUATION = set("()[],.*=?!|")


def _is_ident_start(c: str) -> bool:
    return c.isascii() and (c.isalpha() or c == "_")


def _is_ident_char(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c == "_")


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        col = i + 1
        if c.isspace():
            i += 1
        elif _is_ident_start(c):
            j = i + 1
            while j < n and _is_ident_char(text[j]):
                j += 1
            tokens.append(Token(Tok.IDENT, text[i:j], col))
            i = j
        elif c.isdigit() or (c == "-" and i + 1 < n and text[i + 1].isdigit()):
            j = _scan_number(text, i)
            tokens.append(Token(Tok.NUMBER, text[i:j], col))
            i = j
        elif c == "-" and text.startswith("->", i):
            tokens.append(Token(Tok.ARROW, "->", col))
            i += 2
        elif c in "\"'":
            value, i = _scan_string(text, i)
            tokens.append(Token(Tok.STRING, value, col))
        elif c in PUNCTUATION:
            tokens.append(Token(Tok.PUNCT, c, col))
            i += 1
        else:
            raise SchemaSyntaxError(f"unexpected character '{c}'", col)
    tokens.append(Token(Tok.END, "", n + 1))
    return tokens


def _scan_number(text: str, i: int) -> int:
    """`-?digits(.digits*)?([eE][+-]?digits)?`; returns the end index."""
    n = len(text)
    j = i + 1 if text[i] == "-" else i
    while j < n and text[j].isdigit():
        j += 1
    if j < n and text[j] == "." and (j + 1 >= n or not _is_ident_start(text[j + 1])):
        j += 1
        while j < n and text[j].isdigit():
            j += 1
    if j < n and text[j] in "eE":
        k = j + 1
        if k < n and text[k] in "+-":
            k += 1
        if k < n and text[k].isdigit():
            j = k
            while j < n and text[j].isdigit():
                j += 1
    if j < n and _is_ident_char(text[j]):
        raise SchemaSyntaxError(f"malformed number '{text[i:j + 1]}'", i + 1)
    return j


def _scan_string(text: str, i: int) -> tuple[str, int]:
    quote = text[i]
    j = i + 1
    out = []
    while j < len(text):
        c = text[j]
        if c == "\\" and j + 1 < len(text):
            out.append(text[j + 1])
            j += 2
        elif c == quote:
            return "".join(out), j + 1
        else:
            out.append(c)
            j += 1
    raise SchemaSyntaxError("unterminated string", i + 1)


def normalized(text: str) -> list[tuple[Tok, str]]:
    """The schema with whitespace and quote style forgotten: the round trip compares these."""
    return [(t.kind, t.text) for t in tokenize(text)]

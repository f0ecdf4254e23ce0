"""Recursive-descent parser for the `func:` schema language.

Grammar (tokens from schema_lexer):

    schema     := opname '(' [argitem (',' argitem)*] ')' '->' returns END
    opname     := IDENT ['.' IDENT]            # a trailing '_' on the name means in-place
    argitem    := '*' | type IDENT ['=' default]
    type       := IDENT [annotation] suffix*   # Tensor(a!), Tensor?[], int[2]?
    annotation := '(' IDENT ('|' IDENT)* ['!'] ['->' after ('|' after)*] ')'
    after      := IDENT | '*'                  # Tensor(a -> *): aliases anything afterwards
    suffix     := '?' | '[' [NUMBER] ']'
    default    := NUMBER | STRING | IDENT | '[' [default (',' default)*] ']'
    returns    := '(' [ret (',' ret)*] ')' | ret
    ret        := type [IDENT]

Structural rules that the grammar alone does not express (one `*`, out= arguments last,
annotations only on Tensor, defaults trailing) are checked here too, so that every
FunctionSchema that exists is well formed. Types and defaults are checked against what C++ can
express in cpp_types, which knows the C++ side.
"""
from __future__ import annotations

from typing import Optional

from tools.codegen.errors import SchemaSyntaxError
from tools.codegen.model import (
    Annotation,
    Argument,
    Arguments,
    BaseType,
    DefaultKind,
    DefaultValue,
    FunctionSchema,
    ListType,
    OperatorName,
    OptionalType,
    Return,
    Type,
    base_of,
)
from tools.codegen.schema_lexer import Tok, Token, normalized, tokenize


class _Parser:
    def __init__(self, text: str):
        self.tokens = tokenize(text)
        self.pos = 0

    # -- token helpers --------------------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def at(self, text: str) -> bool:
        return self.tok.kind in (Tok.PUNCT, Tok.ARROW) and self.tok.text == text

    def advance(self) -> Token:
        tok = self.tok
        self.pos += 1
        return tok

    def expect(self, text: str) -> Token:
        if not self.at(text):
            self.fail(f"expected '{text}'")
        return self.advance()

    def expect_ident(self, what: str) -> Token:
        if self.tok.kind is not Tok.IDENT:
            self.fail(f"expected {what}")
        return self.advance()

    def fail(self, expected: str, tok: Optional[Token] = None):
        tok = tok or self.tok
        raise SchemaSyntaxError(f"{expected}, got {tok.describe()}", tok.column)

    # -- grammar --------------------------------------------------------------------------

    def schema(self) -> FunctionSchema:
        name = self.opname()
        arguments = self.arguments()
        self.expect("->")
        returns = self.returns()
        if self.tok.kind is not Tok.END:
            self.fail("expected end of schema")
        return FunctionSchema(name, arguments, returns)

    def opname(self) -> OperatorName:
        tok = self.expect_ident("an operator name")
        name = tok.text
        overload = ""
        if self.at("."):
            self.advance()
            overload = self.expect_ident("an overload name").text
        return make_operator_name(name, overload)

    def arguments(self) -> Arguments:
        self.expect("(")
        # (argument, column) so that the structural checks below can point at the argument.
        positional: list[tuple[Argument, int]] = []
        kwarg_only: list[tuple[Argument, int]] = []
        star: Optional[Token] = None
        seen: set[str] = set()
        if not self.at(")"):
            while True:
                if self.at("*"):
                    if star is not None:
                        self.fail("'*' may appear only once")
                    star = self.advance()
                else:
                    start = self.tok
                    arg = self.argument()
                    if arg.name in seen:
                        raise SchemaSyntaxError(f"duplicate argument name '{arg.name}'", start.column)
                    seen.add(arg.name)
                    (kwarg_only if star else positional).append((arg, start.column))
                if not self.at(","):
                    break
                self.advance()
        if star is not None and not kwarg_only:
            raise SchemaSyntaxError("'*' must be followed by keyword-only arguments", star.column)
        self.expect(")")
        return _split_out(positional, kwarg_only)

    def argument(self) -> Argument:
        type_start = self.tok
        typ, annotation = self.type()
        name = self.expect_ident("an argument name")
        default = None
        if self.at("="):
            self.advance()
            default = self.default()
        _check_annotation(typ, annotation, type_start)
        return Argument(name.text, typ, default, annotation)

    def type(self) -> tuple[Type, Optional[Annotation]]:
        typ: Type = BaseType(self.expect_ident("a type").text)
        annotation = self.annotation() if self.at("(") else None
        while True:
            if self.at("?"):
                self.advance()
                typ = OptionalType(typ)
            elif self.at("["):
                self.advance()
                size = None
                if self.tok.kind is Tok.NUMBER:
                    size_tok = self.advance()
                    if not size_tok.text.isdigit() or int(size_tok.text) == 0:
                        raise SchemaSyntaxError("a list size must be a positive integer", size_tok.column)
                    size = int(size_tok.text)
                self.expect("]")
                typ = ListType(typ, size)
            else:
                return typ, annotation

    def annotation(self) -> Annotation:
        self.expect("(")
        names = [self.expect_ident("an alias set name").text]
        while self.at("|"):
            self.advance()
            names.append(self.expect_ident("an alias set name").text)
        is_write = False
        if self.at("!"):
            self.advance()
            is_write = True
        after: list[str] = []
        if self.at("->"):
            self.advance()
            after.append(self.alias_name())
            while self.at("|"):
                self.advance()
                after.append(self.alias_name())
        self.expect(")")
        return Annotation(tuple(names), is_write, tuple(after))

    def alias_name(self) -> str:
        """After `->`, a set name or `*` (the wildcard set)."""
        if self.at("*"):
            return self.advance().text
        return self.expect_ident("an alias set name or '*'").text

    def default(self) -> DefaultValue:
        tok = self.tok
        if self.at("["):
            self.advance()
            items: list[DefaultValue] = []
            if not self.at("]"):
                items.append(self.scalar_default())
                while self.at(","):
                    self.advance()
                    items.append(self.scalar_default())
            self.expect("]")
            return DefaultValue(DefaultKind.LIST, items=tuple(items))
        if tok.kind in (Tok.NUMBER, Tok.STRING, Tok.IDENT):
            return self.scalar_default()
        self.fail("expected a default value")

    def scalar_default(self) -> DefaultValue:
        tok = self.tok
        if tok.kind is Tok.NUMBER:
            self.advance()
            is_float = any(c in tok.text for c in ".eE")
            return DefaultValue(DefaultKind.FLOAT if is_float else DefaultKind.INT, tok.text)
        if tok.kind is Tok.STRING:
            self.advance()
            return DefaultValue(DefaultKind.STR, tok.text)
        if tok.kind is Tok.IDENT:
            self.advance()
            if tok.text in ("True", "False"):
                return DefaultValue(DefaultKind.BOOL, tok.text)
            if tok.text == "None":
                return DefaultValue(DefaultKind.NONE, tok.text)
            return DefaultValue(DefaultKind.IDENT, tok.text)
        self.fail("expected a number, string or name")

    def returns(self) -> tuple[Return, ...]:
        if not self.at("("):
            return (self.ret(),)
        self.advance()
        rets: list[Return] = []
        if not self.at(")"):
            rets.append(self.ret())
            while self.at(","):
                self.advance()
                rets.append(self.ret())
        self.expect(")")
        if len(rets) == 1:
            # `-> (Tensor)` would print back as `-> Tensor`; refuse it rather than rewrite it.
            raise SchemaSyntaxError("a single return is written without parentheses", self.tokens[self.pos - 1].column)
        return tuple(rets)

    def ret(self) -> Return:
        start = self.tok
        typ, annotation = self.type()
        _check_annotation(typ, annotation, start)
        name = self.advance().text if self.tok.kind is Tok.IDENT else None
        return Return(name, typ, annotation)


def make_operator_name(name: str, overload: str) -> OperatorName:
    # `__and__` is a Python-style dunder name, not an in-place `__and_`.
    is_dunder = name.startswith("__") and name.endswith("__")
    if name.endswith("_") and not is_dunder and len(name) > 1:
        return OperatorName(name[:-1], True, overload)
    return OperatorName(name, False, overload)


def _check_annotation(typ: Type, annotation: Optional[Annotation], tok: Token) -> None:
    if annotation is not None and base_of(typ).name != "Tensor":
        raise SchemaSyntaxError("only Tensor types take an alias annotation", tok.column)


def _split_out(positional: list[tuple[Argument, int]], kwarg_only: list[tuple[Argument, int]]) -> Arguments:
    """out= arguments are the written keyword-only arguments; they must come last, because the
    C++ `_out` function moves them to the front and `_outf` keeps them at the back."""
    first_out = next((i for i, (a, _) in enumerate(kwarg_only) if a.is_write), len(kwarg_only))
    kw, out = kwarg_only[:first_out], kwarg_only[first_out:]
    for arg, column in out:
        if not arg.is_write:
            raise SchemaSyntaxError(
                f"keyword-only argument '{arg.name}' follows an out= argument; out= arguments come last", column
            )
        if arg.default is not None:
            raise SchemaSyntaxError(f"out= argument '{arg.name}' cannot have a default", column)
    # C++ defaults must be trailing: once an argument has one, every later non-out one needs one.
    defaulted = None
    for arg, column in positional + kw:
        if arg.default is not None:
            defaulted = arg
        elif defaulted is not None:
            raise SchemaSyntaxError(
                f"argument '{arg.name}' has no default but follows '{defaulted.name}', which has one", column
            )
    return Arguments(tuple(a for a, _ in positional), tuple(a for a, _ in kw), tuple(a for a, _ in out))


def parse_schema(text: str) -> FunctionSchema:
    """Parse and check the round trip: the printed schema must parse to the same value and
    differ from the input only in whitespace and quote style (see schema_lexer.normalized)."""
    schema = _Parser(text).schema()
    printed = str(schema)
    if _Parser(printed).schema() != schema or normalized(printed) != normalized(text):
        raise SchemaSyntaxError(f"schema does not print back as written; its canonical form is '{printed}'", 1)
    return schema


def parse_operator_name(text: str) -> OperatorName:
    """`add.out`, as used by structured_delegate."""
    parser = _Parser(text)
    name = parser.opname()
    if parser.tok.kind is not Tok.END:
        parser.fail("expected end of operator name")
    return name

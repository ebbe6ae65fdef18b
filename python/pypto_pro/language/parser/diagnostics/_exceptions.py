"""The exception classes of pypto_pro's parser, which pvc raises for a kernel it cannot
compile (docs/SEMANTICS.md §16.6).

    PyptoError
     └ ParserError                        ErrorCode.UNKNOWN
        ├ ParserSyntaxError               INVALID_VAL
        ├ ParserTypeError                 INVALID_TYPE
        │  └ FinalRejectionError          INVALID_TYPE
        ├ UndefinedVariableError          NAME_ERROR
        ├ SSAViolationError               INVALID_OPERATION (and .previous_span)
        ├ UnsupportedFeatureError         NOT_IMPLEMENTED_ERROR
        ├ InvalidOperationError           INVALID_OPERATION
        └ ScopeIsolationError             INVALID_OPERATION

An error is built as pypto_pro builds it, ParserError(message, span=None, hint=None,
note=None, source_lines=None), and keeps those as attributes (span as a dict of filename,
line, column, begin_/end_ line and column). str() is 'ErrCode: <hex>, <message>', then the
location, the source line with carets, the hint and the note. The errors pvc raises for a
launched kernel are also pvc.CompileError (pypto_pro.runtime.jit makes them): their text is
'ErrCode: <hex>, ' and pvc's own located diagnostics.
"""

from pypto.error import PyptoError

from ._error_codes import ErrorCode

__all__ = ["ParserError", "ParserSyntaxError", "ParserTypeError", "UndefinedVariableError",
           "SSAViolationError", "UnsupportedFeatureError", "InvalidOperationError",
           "ScopeIsolationError"]


def _span_dict(span):
    """A span as a dict of plain fields (pypto's spans are C++ objects; a dict is kept)."""
    if span is None or isinstance(span, dict):
        return span
    name = getattr(span, "filename", None)
    line, col = getattr(span, "begin_line", 0), getattr(span, "begin_column", 0)
    return {"filename": name, "file": name, "line": line, "column": col, "begin_line": line,
            "begin_column": col, "end_line": getattr(span, "end_line", 0),
            "end_column": getattr(span, "end_column", 0)}


class ParserError(PyptoError):
    """A kernel the parser rejects: message, where, and how to fix it."""

    error_code = ErrorCode.UNKNOWN

    def __init__(self, message, span=None, hint=None, note=None, source_lines=None):
        super().__init__(int(self.error_code), message)
        self.message = message
        self.span = _span_dict(span)
        self.hint = hint
        self.note = note
        self.source_lines = source_lines

    def _location_lines(self):
        s = self.span or {}
        line = s.get("line") or s.get("begin_line")
        if not line:
            return []
        col = s.get("column") or s.get("begin_column") or 0
        out = [f"  --> {s.get('filename') or '<unknown>'}:{line}:{col}"]
        lines = self.source_lines or []
        if 0 < line <= len(lines):
            end = s.get("end_column") or 0
            width = end - col if col and end > col else 1
            out += ["   |", f"{line:3} | {lines[line - 1].rstrip(chr(10))}"]
            if col:
                out.append(f"   | {' ' * (col - 1)}{'^' * width}")
        return out

    def __str__(self):
        rendered = getattr(self, "rendered", None)
        if rendered:  # pvc's diagnostics: already located, with the line and a caret
            return f"ErrCode: {int(self.error_code):X}, {rendered}"
        parts = [super().__str__()] + self._location_lines()
        if self.hint:
            parts.append(f"  hint: {self.hint}")
        if self.note:
            parts.append(f"  note: {self.note}")
        return "\n".join(parts)


class ParserSyntaxError(ParserError):
    """The DSL's syntax is violated (and what an op's builder rejects)."""

    error_code = ErrorCode.INVALID_VAL


class ParserTypeError(ParserError):
    """A value or annotation of the wrong type."""

    error_code = ErrorCode.INVALID_TYPE


class FinalRejectionError(ParserTypeError):
    """A type error the parser does not retry as a Python expression."""

    error_code = ErrorCode.INVALID_TYPE


class UndefinedVariableError(ParserError):
    """A name that is not defined."""

    error_code = ErrorCode.NAME_ERROR


class SSAViolationError(ParserError):
    """A variable defined again where single assignment is required."""

    error_code = ErrorCode.INVALID_OPERATION

    def __init__(self, message, span=None, hint=None, note=None, source_lines=None,
                 previous_span=None):
        super().__init__(message, span, hint, note, source_lines)
        self.previous_span = _span_dict(previous_span)


class UnsupportedFeatureError(ParserError):
    """A Python construct the DSL does not take."""

    error_code = ErrorCode.NOT_IMPLEMENTED_ERROR


class InvalidOperationError(ParserError):
    """An operation that is invalid or unknown."""

    error_code = ErrorCode.INVALID_OPERATION


class ScopeIsolationError(ParserError):
    """A value used outside the scope that owns it."""

    error_code = ErrorCode.INVALID_OPERATION

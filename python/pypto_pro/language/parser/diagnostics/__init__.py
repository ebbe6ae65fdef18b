"""pypto_pro.language.parser.diagnostics: the parser's exception classes and error codes."""

from ._error_codes import ErrorCode
from ._exceptions import (FinalRejectionError, InvalidOperationError, ParserError,
                          ParserSyntaxError, ParserTypeError, ScopeIsolationError,
                          SSAViolationError, UndefinedVariableError, UnsupportedFeatureError)

__all__ = ["ErrorCode", "ParserError", "ParserSyntaxError", "ParserTypeError",
           "FinalRejectionError", "UndefinedVariableError", "SSAViolationError",
           "UnsupportedFeatureError", "InvalidOperationError", "ScopeIsolationError"]

"""pypto_pro.language.parser as far as tests reach it: its exception classes
(pl.parser.ParserError, .diagnostics). pvc's own C front end is the parser."""

from .diagnostics import (ParserError, ParserSyntaxError, ParserTypeError,  # noqa: F401
                          UndefinedVariableError, UnsupportedFeatureError)

__all__ = ["ParserError", "ParserSyntaxError", "ParserTypeError", "UndefinedVariableError",
           "UnsupportedFeatureError"]

"""The error codes pypto_pro's parser exceptions carry (pypto's ExternalError values)."""

import enum

__all__ = ["ErrorCode"]


class ErrorCode(enum.IntEnum):
    INVALID_TYPE = 0xF00001
    INVALID_VAL = 0xF00002
    NAME_ERROR = 0xF00004
    NOT_IMPLEMENTED_ERROR = 0xF00005
    INVALID_OPERATION = 0xF00007
    UNKNOWN = 0xF0FFFF

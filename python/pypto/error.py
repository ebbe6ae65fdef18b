"""pypto.error: the base class of pypto's exceptions, which pypto_pro's parser errors derive
from. Its message starts with the error code in hex, as pypto prints it."""

__all__ = ["PyptoError"]


class PyptoError(Exception):
    """PyptoError(err_code, msg): str() is 'ErrCode: <code in hex>, <msg>'."""

    def __init__(self, err_code, msg):
        self.err_code = int(err_code)
        super().__init__(f"ErrCode: {self.err_code:X}, {msg}")

# A block indented 256 columns (docs/ARCHITECTURE.md §7, B13): the grammar's scanner saves indentation
# widths one byte each, so pvc refuses the line before parsing, naming it and the limit
# (before, the parse wrapped to 0 and said "invalid syntax" at 1:1).
import pypto_pro.language as pl

@pl.jit()
def kernel_deep(n: int):
    if n > 1:
        if n > 2:
            if n > 3:
                if n > 4:
                    if n > 5:
                        if n > 6:
                            if n > 7:
                                if n > 8:
                                    if n > 9:
                                        if n > 10:
                                            if n > 11:
                                                if n > 12:
                                                    if n > 13:
                                                        if n > 14:
                                                            if n > 15:
                                                                if n > 16:
                                                                    if n > 17:
                                                                        if n > 18:
                                                                            if n > 19:
                                                                                if n > 20:
                                                                                    if n > 21:
                                                                                        if n > 22:
                                                                                            if n > 23:
                                                                                                if n > 24:
                                                                                                    if n > 25:
                                                                                                        if n > 26:
                                                                                                            if n > 27:
                                                                                                                if n > 28:
                                                                                                                    if n > 29:
                                                                                                                        if n > 30:
                                                                                                                            if n > 31:
                                                                                                                                if n > 32:
                                                                                                                                    if n > 33:
                                                                                                                                        if n > 34:
                                                                                                                                            if n > 35:
                                                                                                                                                if n > 36:
                                                                                                                                                    if n > 37:
                                                                                                                                                        if n > 38:
                                                                                                                                                            if n > 39:
                                                                                                                                                                if n > 40:
                                                                                                                                                                    if n > 41:
                                                                                                                                                                        if n > 42:
                                                                                                                                                                            if n > 43:
                                                                                                                                                                                if n > 44:
                                                                                                                                                                                    if n > 45:
                                                                                                                                                                                        if n > 46:
                                                                                                                                                                                            if n > 47:
                                                                                                                                                                                                if n > 48:
                                                                                                                                                                                                    if n > 49:
                                                                                                                                                                                                        if n > 50:
                                                                                                                                                                                                            if n > 51:
                                                                                                                                                                                                                if n > 52:
                                                                                                                                                                                                                    if n > 53:
                                                                                                                                                                                                                        if n > 54:
                                                                                                                                                                                                                            if n > 55:
                                                                                                                                                                                                                                if n > 56:
                                                                                                                                                                                                                                    if n > 57:
                                                                                                                                                                                                                                        if n > 58:
                                                                                                                                                                                                                                            if n > 59:
                                                                                                                                                                                                                                                if n > 60:
                                                                                                                                                                                                                                                    if n > 61:
                                                                                                                                                                                                                                                        if n > 62:
                                                                                                                                                                                                                                                            if n > 63:
                                                                                                                                                                                                                                                                if n > 64:
                                                                                                                                                                                                                                                                    n = n + 1

"""Switch the process's flush-to-zero / denormals-are-zero mode on, as fast-math
libraries and ``torch.set_flush_denormal(True)`` do, so the tests can check that no
result depends on it.

x86-64 only: a few lines of C setting the MXCSR bits, compiled at test time with the
machine's C compiler and called through ctypes; PyTorch's switch where installed.
``flush_to_zero()`` yields False (and changes nothing) where neither is available.
"""

import contextlib
import ctypes
import platform
import shutil
import subprocess
import tempfile
from pathlib import Path

_SOURCE = """
#include <xmmintrin.h>
unsigned int prc_get_csr(void) { return _mm_getcsr(); }
void prc_set_csr(unsigned int value) { _mm_setcsr(value); }
"""
_FTZ_DAZ = 0x8040  # MXCSR bit 15 (flush to zero) and bit 6 (denormals are zero)
_library = None


def _compiled():
    global _library
    if _library is None:
        _library = False
        compiler = shutil.which("cc") or shutil.which("gcc")
        if compiler and platform.machine() in ("x86_64", "AMD64"):
            folder = Path(tempfile.mkdtemp(prefix="prc-fpenv-"))
            (folder / "fpenv.c").write_text(_SOURCE)
            built = subprocess.run(
                [compiler, "-O2", "-shared", "-fPIC", "-o", str(folder / "fpenv.so"),
                 str(folder / "fpenv.c")], capture_output=True)
            if built.returncode == 0:
                library = ctypes.CDLL(str(folder / "fpenv.so"))
                library.prc_get_csr.restype = ctypes.c_uint
                library.prc_set_csr.argtypes = [ctypes.c_uint]
                _library = library
    return _library


def available():
    if _compiled():
        return True
    try:
        import torch  # noqa: F401
    except ImportError:
        return False
    return True


@contextlib.contextmanager
def flush_to_zero():
    """Subnormal results and operands read as zero inside the block (yields whether
    the mode could be switched on)."""
    library = _compiled()
    if library:
        saved = library.prc_get_csr()
        library.prc_set_csr(saved | _FTZ_DAZ)
        try:
            yield True
        finally:
            library.prc_set_csr(saved)
        return
    try:
        import torch
    except ImportError:
        yield False
        return
    torch.set_flush_denormal(True)
    try:
        yield True
    finally:
        torch.set_flush_denormal(False)


def is_on():
    """Whether flush-to-zero is in force now (5e-324 * 1 reads as 0)."""
    import numpy as np

    tiny = np.array([5e-324])
    return bool((tiny * 1.0)[0] == 0.0)

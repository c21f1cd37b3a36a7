"""``python -m sklearn_prcurves``: the command-line report."""

import sys

from ._report._cli import console

sys.exit(console())
